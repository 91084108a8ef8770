import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { AwsV4Signer } from "aws4fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../../backend/env";
import { createStorage, type Storage } from "../../../backend/storage";
import { LocalStorage } from "../../../backend/storage/local";
import { S3Storage } from "../../../backend/storage/s3";

// The storage drivers (docs/content-writes.md "Storage"): the same behaviour from local files
// and from an S3-compatible bucket, here a tiny fake S3 that checks every request's SigV4
// signature and payload hash as S3 does, and keeps objects in memory.

const ACCESS = "AKIDEXAMPLE";
const SECRET = "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY";
const REGION = "eu-west-1";

type TObject = { bytes: Buffer; contentType: string };
const objects = new Map<string, TObject>();
const seen: string[] = [];
let server: Server;
let endpoint: string;

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** S3's check: the signature over the signed headers, with the server's own secret. */
async function signatureHolds(request: IncomingMessage, body: Buffer): Promise<boolean> {
  const authorization = request.headers.authorization ?? "";
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!match || match[1] !== ACCESS || match[2] !== REGION) return false;
  // A body's hash is signed (a PUT), or the request says it signs none (a GET, a DELETE).
  const hash = request.headers["x-amz-content-sha256"];
  const real = createHash("sha256").update(body).digest("hex");
  if (hash !== real && !(hash === "UNSIGNED-PAYLOAD" && body.length === 0)) return false;
  const headers = new Headers();
  for (const name of match[3].split(";")) {
    const value = request.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  const signer = new AwsV4Signer({
    method: request.method,
    url: `${endpoint}${request.url}`,
    headers,
    accessKeyId: ACCESS,
    secretAccessKey: SECRET,
    service: "s3",
    region: REGION,
    datetime: String(request.headers["x-amz-date"]),
  });
  const signed = await signer.sign();
  return signed.headers.get("authorization") === authorization;
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    seen.push(`${request.method} ${request.url}`);
    if (!(await signatureHolds(request, body))) {
      response
        .writeHead(403, { "content-type": "application/xml" })
        .end("<Error>SignatureDoesNotMatch</Error>");
      return;
    }
    const key = decodeURIComponent(request.url ?? "");
    if (request.method === "PUT") {
      objects.set(key, { bytes: body, contentType: String(request.headers["content-type"]) });
      response.writeHead(200).end();
    } else if (request.method === "GET") {
      const found = objects.get(key);
      if (!found) response.writeHead(404).end("<Error>NoSuchKey</Error>");
      else response.writeHead(200, { "content-type": found.contentType }).end(found.bytes);
    } else if (request.method === "DELETE") {
      objects.delete(key);
      response.writeHead(204).end();
    } else response.writeHead(405).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const s3 = (secret = SECRET) =>
  new S3Storage({
    endpoint,
    region: REGION,
    bucket: "media",
    accessKeyId: ACCESS,
    secretAccessKey: secret,
  });

async function behaves(storage: Storage) {
  const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
  expect(await storage.get("images/1/none.png")).toBeNull();
  await storage.put("images/1/a.png", bytes, "image/png");
  expect(await storage.get("images/1/a.png")).toEqual({ bytes, contentType: "image/png" });
  await storage.delete("images/1/a.png");
  expect(await storage.get("images/1/a.png")).toBeNull();
  await storage.delete("images/1/a.png");
  for (const bad of ["../etc/passwd", "/abs/path.png", "images/../x.png", "a//b.png", ""]) {
    await expect(storage.put(bad, bytes, "image/png"), bad).rejects.toThrow(/storage key/i);
  }
}

describe("S3Storage", () => {
  it("puts, gets and deletes objects with signed requests under the bucket", async () => {
    seen.length = 0;
    await behaves(s3());
    expect(seen).toContain("PUT /media/images/1/a.png");
    expect(seen).toContain("DELETE /media/images/1/a.png");
  });

  it("fails when the bucket refuses the signature", async () => {
    await expect(
      s3("wrong-secret").put("images/1/b.png", Buffer.from("x"), "image/png"),
    ).rejects.toThrow(/403/);
    expect(objects.has("/media/images/1/b.png")).toBe(false);
  });
});

describe("LocalStorage", () => {
  it("keeps files under its directory", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "storage-test-"));
    try {
      await behaves(new LocalStorage(dir));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("createStorage", () => {
  it("is local files by default and S3 when configured; S3 needs its bucket and keys", () => {
    expect(createStorage(parseEnv({}))).toBeInstanceOf(LocalStorage);
    const config = parseEnv({
      STORAGE_DRIVER: "s3",
      S3_BUCKET: "media",
      S3_ACCESS_KEY_ID: ACCESS,
      S3_SECRET_ACCESS_KEY: SECRET,
    });
    expect(createStorage(config)).toBeInstanceOf(S3Storage);
    expect(() => parseEnv({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET.*required/);
    expect(() => parseEnv({ STORAGE_DRIVER: "ftp" })).toThrow(/STORAGE_DRIVER/);
  });
});
