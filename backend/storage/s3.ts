import { createHash } from "node:crypto";
import { AwsClient } from "aws4fetch";
import { assertStorageKey, type Storage, type TStoredObject } from "./types";

export type TS3Options = {
  /** Path-style endpoint: `<endpoint>/<bucket>/<key>` (AWS, MinIO, Garage, R2 alike). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * An S3-compatible bucket, with requests signed (SigV4) by aws4fetch: three plain HTTP
 * calls need no SDK. Objects are private; the api reads them and serves them itself, so the
 * bucket needs no public access and the answer's headers are the api's.
 */
export class S3Storage implements Storage {
  private readonly client: AwsClient;

  constructor(private readonly options: TS3Options) {
    this.client = new AwsClient({
      accessKeyId: options.accessKeyId,
      secretAccessKey: options.secretAccessKey,
      region: options.region,
      service: "s3",
      // aws4fetch retries a 5xx ten times by default; an upload waits for this one.
      retries: 2,
    });
  }

  private url(key: string): string {
    assertStorageKey(key);
    const base = this.options.endpoint.replace(/\/+$/, "");
    const path = key.split("/").map(encodeURIComponent).join("/");
    return `${base}/${encodeURIComponent(this.options.bucket)}/${path}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), {
      method: "PUT",
      body: new Uint8Array(bytes),
      // The payload's hash is signed too, so the bucket refuses bytes changed on the way.
      headers: {
        "content-type": contentType,
        "x-amz-content-sha256": createHash("sha256").update(bytes).digest("hex"),
      },
    });
    if (!res.ok) throw new Error(`S3 PUT ${key}: ${res.status}`);
    await res.arrayBuffer();
  }

  async get(key: string): Promise<TStoredObject | null> {
    const res = await this.client.fetch(this.url(key), { method: "GET" });
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) throw new Error(`S3 GET ${key}: ${res.status}`);
    return {
      bytes: Buffer.from(await res.arrayBuffer()),
      contentType: res.headers.get("content-type") ?? "application/octet-stream",
    };
  }

  async delete(key: string): Promise<void> {
    const res = await this.client.fetch(this.url(key), { method: "DELETE" });
    // S3 answers 204 whether or not the object was there.
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key}: ${res.status}`);
    await res.arrayBuffer();
  }
}
