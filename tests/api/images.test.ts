import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images } from "../../backend/db/schema";
import { createTestApp, type TestApp } from "./support/app";
import {
  addRole,
  createOrganization,
  createTenantWithCenter,
  createUser,
} from "./support/factories";
import { signedIn } from "./support/resources";

// Image uploads (docs/content-writes.md "Images"): checked by their bytes, re-encoded
// without metadata or trailing bytes, capped, and served with their own type, nosniff and
// a long cache; SVG, polyglots' payloads, wrong extensions and oversized files go nowhere.

let t: TestApp;
let tenant: { id: number; slug: string };
let admin: Record<string, string>;
let member: Record<string, string>;
let foreignSlug: string;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" });
  const db = t.database.db;
  const made = await createTenantWithCenter(db);
  tenant = made.tenant;
  const adminUser = await createUser(db, tenant.id);
  await addRole(db, tenant.id, adminUser.id, "admin", { type: "Organization", id: made.center.id });
  admin = await signedIn(db, tenant, adminUser.id);
  const O = await createOrganization(db, tenant.id, { volunteerCenterId: made.center.id });
  const memberUser = await createUser(db, tenant.id);
  await addRole(db, tenant.id, memberUser.id, "member", { type: "Organization", id: O.id });
  member = await signedIn(db, tenant, memberUser.id);
  foreignSlug = (await createTenantWithCenter(db)).tenant.slug;
});
afterAll(() => t.close());

const upload = (bytes: Buffer, contentType: string, headers = admin) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/images",
    headers: { ...headers, "content-type": contentType },
    payload: bytes,
  });
const fetchImage = (id: string, slug = tenant.slug) =>
  t.app.inject({ method: "GET", url: `/api/v1/images/${id}`, headers: { "x-tenant": slug } });

const picture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } });
const SCRIPT = "<html><script>alert(document.cookie)</script></html>";
const count = () => t.database.db.$count(images);

describe("POST /api/v1/images", () => {
  it("stores a JPEG re-encoded without its metadata, and serves it safely", async () => {
    const original = await picture(40, 30)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "Secret Camera Owner" } } })
      .toBuffer();
    expect(original.includes("Secret Camera Owner")).toBe(true);
    const res = await upload(original, "image/jpeg");
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.type).toBe("image");
    expect(data.attributes).toMatchObject({ content_type: "image/jpeg", width: 40, height: 30 });
    expect(data.attributes.url).toBe(`/api/v1/images/${data.id}`);
    const served = await fetchImage(data.id);
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/jpeg");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(served.rawPayload.includes("Secret Camera Owner")).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
  });

  it("goes by the bytes, not the declared type: a PNG sent as a .jpg is stored as a PNG", async () => {
    const png = await picture(10, 10).png().toBuffer();
    const res = await upload(png, "image/jpeg");
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes.content_type).toBe("image/png");
    const served = await fetchImage(res.json().data.id);
    expect(served.headers["content-type"]).toBe("image/png");
  });

  it("refuses text with an image's type and extension, and an SVG", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
    );
    const before = await count();
    for (const [bytes, type] of [
      [Buffer.from(SCRIPT), "image/png"],
      [svg, "image/svg+xml"],
      [svg, "image/png"],
      [Buffer.from(`<?xml version="1.0"?>${svg}`), "application/octet-stream"],
    ] as const) {
      const res = await upload(bytes, type);
      expect(res.statusCode, type).toBe(422);
      expect(res.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
      expect(res.json().errors[0].code).toBe("unsupported_image");
    }
    expect(await count()).toBe(before);
  });

  it("refuses a file that starts like a JPEG but does not decode", async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(SCRIPT)]);
    const res = await upload(fake, "image/jpeg");
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].code).toBe("undecodable_image");
  });

  it("drops a polyglot's payload: HTML after a JPEG, script after a GIF", async () => {
    const jpeg = Buffer.concat([await picture(20, 20).jpeg().toBuffer(), Buffer.from(SCRIPT)]);
    const gif = Buffer.concat([await picture(20, 20).gif().toBuffer(), Buffer.from(SCRIPT)]);
    for (const [bytes, type] of [
      [jpeg, "image/jpeg"],
      [gif, "image/png"],
    ] as const) {
      const res = await upload(bytes, "image/gif");
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data.attributes.content_type).toBe(type);
      const served = await fetchImage(res.json().data.id);
      expect(served.headers["content-type"]).toBe(type);
      expect(served.rawPayload.includes("<script")).toBe(false);
      expect(served.rawPayload.includes("alert")).toBe(false);
    }
  });

  it("scales a large image down to 2000 px on its longest side", async () => {
    const res = await upload(await picture(3000, 1500).png().toBuffer(), "image/png");
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ width: 2000, height: 1000 });
  });

  it("refuses more than 5 MB with a 413, and an empty body with a 422", async () => {
    const before = await count();
    const big = Buffer.concat([
      await picture(10, 10).jpeg().toBuffer(),
      Buffer.alloc(6 * 1024 * 1024),
    ]);
    const res = await upload(big, "image/jpeg");
    expect(res.statusCode).toBe(413);
    expect(res.headers["content-type"]).toMatch(/^application\/vnd\.api\+json/);
    const empty = await upload(Buffer.alloc(0), "image/jpeg");
    expect(empty.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it("is for centre admins: a member 403, signed out 401", async () => {
    const png = await picture(5, 5).png().toBuffer();
    expect((await upload(png, "image/png", member)).statusCode).toBe(403);
    expect((await upload(png, "image/png", { "x-tenant": tenant.slug })).statusCode).toBe(401);
  });
});

describe("GET /api/v1/images/:id", () => {
  it("is another tenant's 404, and an unknown id's", async () => {
    const res = await upload(await picture(5, 5).png().toBuffer(), "image/png");
    const id = res.json().data.id;
    expect((await fetchImage(id, foreignSlug)).statusCode).toBe(404);
    expect((await fetchImage("999999")).statusCode).toBe(404);
    const [row] = await t.database.db
      .select()
      .from(images)
      .where(eq(images.id, Number(id)));
    expect(row.storageKey).toMatch(new RegExp(`^images/${tenant.id}/[0-9a-f-]{36}\\.png$`));
  });

  it("an article references an uploaded image by id", async () => {
    const res = await upload(await picture(8, 8).png().toBuffer(), "image/png");
    const id = res.json().data.id;
    const made = await t.app.inject({
      method: "POST",
      url: "/api/v1/news_articles",
      headers: { ...admin, "content-type": "application/vnd.api+json" },
      payload: JSON.stringify({
        data: { type: "news_articles", attributes: { title: "Met beeld", image_id: id } },
      }),
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.attributes.image_url).toBe(`/api/v1/images/${id}`);
  });
});
