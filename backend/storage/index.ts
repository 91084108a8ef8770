import type { TEnv } from "../env";
import { LocalStorage } from "./local";
import { S3Storage } from "./s3";
import type { Storage } from "./types";

export { assertStorageKey, type Storage, type TStoredObject } from "./types";

export function createStorage(config: TEnv): Storage {
  if (config.STORAGE_DRIVER === "s3") {
    return new S3Storage({
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      bucket: config.S3_BUCKET ?? "",
      accessKeyId: config.S3_ACCESS_KEY_ID ?? "",
      secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? "",
    });
  }
  return new LocalStorage(config.STORAGE_DIR);
}
