import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";
import { users } from "./users";

export const CONTENT_STATUSES = ["draft", "published"] as const;
export type TContentStatus = (typeof CONTENT_STATUSES)[number];
export const CONTENT_LOCALES = ["nl", "en"] as const;
export type TContentLocale = (typeof CONTENT_LOCALES)[number];

/**
 * A news article (spec §2 '/nieuws/:slug'). Written in one language (`locale`, used for
 * the page's lang attribute and inLanguage); the list shows every published article of
 * the visitor's scope. The slug is unique within the tenant because the URL carries no
 * centre.
 */
export const newsArticles = pgTable(
  "news_articles",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    slug: text("slug").notNull(),
    locale: text("locale").$type<TContentLocale>().notNull().default("nl"),
    title: text("title").notNull(),
    summary: text("summary"),
    /** Sanitized HTML from the editor (ARCHITECTURE decision 8). */
    body: text("body"),
    imageUrl: text("image_url"),
    status: text("status").$type<TContentStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("news_articles_tenant_slug_idx").on(t.tenantId, t.slug),
    index("news_articles_public_idx").on(
      t.tenantId,
      t.status,
      t.volunteerCenterId,
      t.publishedAt.desc(),
    ),
    check("news_articles_status_check", sql`${t.status} in ('draft', 'published')`),
    check("news_articles_locale_check", sql`${t.locale} in ('nl', 'en')`),
  ],
);

/**
 * A content page (spec §2 '/:slug?'; the home page has slug 'home'). One row per language:
 * the page in the visitor's language is shown, else the Dutch one, so a tenant that
 * switches language can translate the pages it wants to.
 */
export const contentPages = pgTable(
  "content_pages",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    slug: text("slug").notNull(),
    locale: text("locale").$type<TContentLocale>().notNull().default("nl"),
    title: text("title").notNull(),
    /** Shown by search engines and link previews (meta description). */
    summary: text("summary"),
    /** Sanitized HTML from the editor (ARCHITECTURE decision 8). */
    body: text("body"),
    imageUrl: text("image_url"),
    status: text("status").$type<TContentStatus>().notNull().default("draft"),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("content_pages_tenant_slug_locale_idx").on(t.tenantId, t.slug, t.locale),
    check("content_pages_status_check", sql`${t.status} in ('draft', 'published')`),
    check("content_pages_locale_check", sql`${t.locale} in ('nl', 'en')`),
  ],
);

/**
 * A partner shown on /partners: a funder, municipality or ally of a centre. The
 * collaboration's centres themselves are organizations of type VolunteerCenter and are
 * listed beside these.
 */
export const partners = pgTable(
  "partners",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description"),
    website: text("website"),
    logoUrl: text("logo_url"),
    position: integer("position").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("partners_center_idx").on(t.tenantId, t.volunteerCenterId, t.position)],
);

/**
 * A slug a news article or content page had while it was published (docs/content-writes.md):
 * links to the old address keep working, the public read answers the item with
 * `meta.redirect_to` and the site redirects permanently. It points at the item's id, so a
 * chain of renames leads to the current slug; it goes with the item (cascade). Exactly one
 * of the two items is set; a page's old slug is per language, as its slug is.
 */
export const contentSlugRedirects = pgTable(
  "content_slug_redirects",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    newsArticleId: integer("news_article_id").references(() => newsArticles.id, {
      onDelete: "cascade",
    }),
    contentPageId: integer("content_page_id").references(() => contentPages.id, {
      onDelete: "cascade",
    }),
    oldSlug: text("old_slug").notNull(),
    locale: text("locale").$type<TContentLocale>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("content_slug_redirects_news_idx")
      .on(t.tenantId, t.oldSlug)
      .where(sql`${t.newsArticleId} is not null`),
    uniqueIndex("content_slug_redirects_page_idx")
      .on(t.tenantId, t.oldSlug, t.locale)
      .where(sql`${t.contentPageId} is not null`),
    index("content_slug_redirects_news_article_idx").on(t.newsArticleId),
    index("content_slug_redirects_content_page_idx").on(t.contentPageId),
    check(
      "content_slug_redirects_one_item_check",
      sql`(${t.newsArticleId} is null) <> (${t.contentPageId} is null)`,
    ),
    check(
      "content_slug_redirects_locale_check",
      sql`(${t.contentPageId} is null) = (${t.locale} is null) and (${t.locale} is null or ${t.locale} in ('nl', 'en'))`,
    ),
  ],
);

export const IMAGE_CONTENT_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type TImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

/**
 * An uploaded image (docs/content-writes.md): already checked and re-encoded, so the bytes
 * in storage are ours, not the uploader's. `storage_key` names them in the storage driver
 * (local files or S3); the row is what the tenant scope and row-level security guard.
 */
export const images = pgTable(
  "images",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    uploadedById: integer("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").$type<TImageContentType>().notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("images_storage_key_idx").on(t.storageKey),
    index("images_tenant_idx").on(t.tenantId, t.createdAt),
    check(
      "images_content_type_check",
      sql`${t.contentType} in ('image/jpeg', 'image/png', 'image/webp')`,
    ),
  ],
);
