import { z } from "zod";
import { ZRecordId } from "./vacancies";

/**
 * What the api takes when a news article or content page is written
 * (docs/content-writes.md), shared with the web's forms: the limits and the attributes'
 * schemas. The body is HTML from the editor; the api sanitises it
 * (lib/rich-text/sanitize.ts) before it stores it.
 */

export const CONTENT_WRITE_STATUSES = ["draft", "published"] as const;
export const CONTENT_WRITE_LOCALES = ["nl", "en"] as const;

export const CONTENT_LIMITS = {
  title: 200,
  summary: 500,
  /** The editor's HTML, before sanitising. */
  body: 100_000,
  slug: 80,
  imageUrl: 2_000,
} as const;

/**
 * A slug: lower-case ASCII words joined by '-', with at least one letter, since an
 * all-digit key in a URL is read as an id (docs/content-pages.md).
 */
export const SLUG_PATTERN = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/;

const blankAsMissing = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();

const shared = {
  title: z.string().trim().min(1).max(CONTENT_LIMITS.title),
  summary: optionalText(CONTENT_LIMITS.summary),
  body: z.string().max(CONTENT_LIMITS.body).nullable().optional(),
  locale: z.enum(CONTENT_WRITE_LOCALES).optional(),
  /** Blank: made from the title (POST) or left as it is (PATCH). */
  slug: z.preprocess(
    blankAsMissing,
    z.string().max(CONTENT_LIMITS.slug).regex(SLUG_PATTERN).optional(),
  ),
  status: z.enum(CONTENT_WRITE_STATUSES).optional(),
  /** When it is (or was) published; a published item dated in the future is scheduled. */
  published_at: z.iso.datetime({ offset: true }).nullable().optional(),
  /** An image uploaded through POST /api/v1/images. */
  image_id: ZRecordId.nullable().optional(),
  /** An image elsewhere, https only; null clears the image. */
  image_url: z
    .url({ protocol: /^https$/ })
    .max(CONTENT_LIMITS.imageUrl)
    .nullable()
    .optional(),
};

export const ZNewsArticleAttributes = z
  .object({ ...shared, volunteer_center_id: ZRecordId.optional() })
  .strict();
export type TNewsArticleAttributes = z.output<typeof ZNewsArticleAttributes>;

export const ZContentPageAttributes = z.object(shared).strict();
export type TContentPageAttributes = z.output<typeof ZContentPageAttributes>;

/** What an image upload takes and keeps (docs/content-writes.md "Images"). */
export const IMAGE_LIMITS = {
  /** Bytes as sent. */
  maxBytes: 5 * 1024 * 1024,
  /** The longest side as stored: larger images are scaled down. */
  maxSide: 2000,
  /** Pixels decoded at most (a small file can expand into a huge bitmap). */
  maxInputPixels: 50_000_000,
} as const;

/** PATCH: every attribute optional. */
export const ZNewsArticleChanges = ZNewsArticleAttributes.partial();
export const ZContentPageChanges = ZContentPageAttributes.partial();
