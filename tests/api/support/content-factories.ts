import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import type { AppDb } from "../../../backend/db/client";
import {
  contentPages,
  images,
  newsArticles,
  partners,
  type TContentLocale,
  type TContentStatus,
} from "../../../backend/db/schema";

/** Factories for news, content pages and partners, unique by slug/name (STYLE: tests never collide). */

const unique = () => randomBytes(4).toString("hex");
const HOUR = 3_600_000;

export async function createNewsArticle(
  db: AppDb,
  tenantId: number,
  attrs: {
    volunteerCenterId: number;
    slug?: string;
    title?: string;
    summary?: string | null;
    body?: string | null;
    locale?: TContentLocale;
    status?: TContentStatus;
    publishedAt?: Date | null;
  },
) {
  const status = attrs.status ?? "published";
  const [row] = await db
    .insert(newsArticles)
    .values({
      tenantId,
      volunteerCenterId: attrs.volunteerCenterId,
      slug: attrs.slug ?? `nieuws-${unique()}`,
      title: attrs.title ?? `Nieuws ${unique()}`,
      summary: attrs.summary === undefined ? "Een korte samenvatting." : attrs.summary,
      body: attrs.body === undefined ? "<p>Het hele bericht.</p>" : attrs.body,
      locale: attrs.locale ?? "nl",
      status,
      publishedAt:
        attrs.publishedAt === undefined
          ? status === "published"
            ? new Date(Date.now() - HOUR)
            : null
          : attrs.publishedAt,
    })
    .returning();
  return row;
}

export async function createContentPage(
  db: AppDb,
  tenantId: number,
  attrs: {
    slug?: string;
    title?: string;
    body?: string | null;
    locale?: TContentLocale;
    status?: TContentStatus;
    publishedAt?: Date | null;
  } = {},
) {
  const status = attrs.status ?? "published";
  const [row] = await db
    .insert(contentPages)
    .values({
      tenantId,
      slug: attrs.slug ?? `pagina-${unique()}`,
      title: attrs.title ?? `Pagina ${unique()}`,
      summary: "Waar deze pagina over gaat.",
      body: attrs.body === undefined ? "<p>De tekst van de pagina.</p>" : attrs.body,
      locale: attrs.locale ?? "nl",
      status,
      publishedAt:
        attrs.publishedAt === undefined
          ? status === "published"
            ? new Date(Date.now() - HOUR)
            : null
          : attrs.publishedAt,
    })
    .returning();
  return row;
}

export async function createPartner(
  db: AppDb,
  tenantId: number,
  attrs: { volunteerCenterId: number; name?: string; position?: number; website?: string | null },
) {
  const [row] = await db
    .insert(partners)
    .values({
      tenantId,
      volunteerCenterId: attrs.volunteerCenterId,
      name: attrs.name ?? `Partner ${unique()}`,
      description: "Steunt het vrijwilligerswerk.",
      website: attrs.website === undefined ? "https://example.org" : attrs.website,
      logoUrl: null,
      position: attrs.position ?? 0,
    })
    .returning();
  return row;
}

/** An uploaded image of the tenant: a small PNG in the app's storage and its row. */
export async function createStoredImage(app: FastifyInstance, db: AppDb, tenantId: number) {
  const bytes = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#36a" } })
    .png()
    .toBuffer();
  const storageKey = `images/${tenantId}/factory-${unique()}.png`;
  await app.storage.put(storageKey, bytes, "image/png");
  const [row] = await db
    .insert(images)
    .values({
      tenantId,
      storageKey,
      contentType: "image/png",
      byteSize: bytes.length,
      width: 4,
      height: 4,
    })
    .returning();
  return { ...row, bytes };
}
