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
