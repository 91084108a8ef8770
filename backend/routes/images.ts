import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { IMAGE_LIMITS } from "../../lib/contract/content";
import { notFound } from "../errors";
import { answer } from "../http/answer";
import { defineRoute } from "../http/define-route";
import { pathParams, type TReader, ZPathId } from "../http/inputs";
import type { TResource } from "../jsonapi/serializer";
import { serialize } from "../jsonapi/serializer";
import { findImage, insertImage, type TImageRow } from "../queries/content-writes";
import { tenantCentreIds } from "../queries/help-posts";
import { imagePath, processImage } from "../services/images";

/**
 * POST /api/v1/images and GET /api/v1/images/:id (docs/content-writes.md "Images"). The
 * upload is the image's bytes as the request body (any content type: what it is is read
 * from the bytes, never from the header), at most 5 MB; the admins of the tenant's centres
 * and superadmins upload (images.create). What is stored is the re-encoded image
 * (services/images.ts), kept by the configured storage driver. The GET is public: the
 * images are shown on public pages; another tenant's id is a 404.
 */

export const imageResource: TResource = {
  type: "image",
  attributes: ["url", "contentType", "byteSize", "width", "height", "createdAt"],
};

const withUrl = (row: TImageRow) => ({ ...row, url: imagePath(row.id) });

// A year: an image's id never names other bytes (there is no replacing one, only a new id).
const CACHE = "public, max-age=31536000, immutable";

const rawImageBody: TReader<Buffer | undefined> = {
  parse: (raw) => (Buffer.isBuffer(raw) ? raw : undefined),
  bodySchema: () => ({ type: "string", format: "binary" }),
  bodyMediaTypes: [
    "image/jpeg",
    "image/png",
    "image/gif",
    "image/webp",
    "application/octet-stream",
  ],
};

const ZIdParams = z.object({ id: ZPathId });

export async function imageRoutes(app: FastifyInstance) {
  // Only in this scope: every body is taken as bytes, whatever type it claims, up to the
  // limit (a larger one is Fastify's 413 before anything is read).
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "*",
    { parseAs: "buffer", bodyLimit: IMAGE_LIMITS.maxBytes },
    (_request, body, done) => done(null, body),
  );

  defineRoute(app, {
    method: "POST",
    url: "/images",
    summary: "Upload an image (its bytes as the body, at most 5 MB); stored re-encoded",
    auth: "signed_in",
    body: rawImageBody,
    load: ({ tx, tenant }) => tenantCentreIds(tx, tenant.id),
    action: "images.create",
    facts: (_ctx, centreIds) => ({ centreIds }),
    status: 201,
    response: { resource: imageResource, many: false },
    handler: async ({ tx, tenant, actor, body }) => {
      const image = await processImage(body ?? Buffer.alloc(0));
      const storageKey = `images/${tenant.id}/${randomUUID()}.${image.extension}`;
      const row = await insertImage(tx, {
        tenantId: tenant.id,
        uploadedById: actor.id,
        storageKey,
        contentType: image.contentType,
        byteSize: image.bytes.length,
        width: image.width,
        height: image.height,
      });
      // Stored within the transaction: a failed put rolls the row back. (A put whose
      // commit then fails leaves an unreferenced file, which harms no one.)
      await app.storage.put(storageKey, image.bytes, image.contentType);
      return serialize(imageResource, withUrl(row));
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/images/:id",
    summary: "An uploaded image's bytes, with its content type and a long cache",
    auth: "public",
    params: pathParams(ZIdParams),
    action: "images.read",
    facts: () => ({}),
    contentType: "application/octet-stream",
    handler: async ({ tx, tenant, params }) => {
      const row = await findImage(tx, tenant.id, params.id);
      const stored = row ? await app.storage.get(row.storageKey) : null;
      if (!row || !stored) throw notFound();
      return answer(200, stored.bytes, {
        contentType: row.contentType,
        headers: {
          "cache-control": CACHE,
          "x-content-type-options": "nosniff",
          "content-security-policy": "default-src 'none'; sandbox",
          "content-disposition": `inline; filename="image-${row.id}.${row.storageKey.split(".").pop()}"`,
        },
      });
    },
  });
}
