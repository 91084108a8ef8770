import type { TContentPageAttributes, TNewsArticleAttributes } from "../../lib/contract/content";
import { sanitizeRichText } from "../../lib/rich-text/sanitize";
import type { AppDb } from "../db/client";
import type { TContentLocale, TContentStatus } from "../db/schema";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { recordAudit } from "../queries/audit-events";
import {
  deleteContentPage,
  deleteNewsArticle,
  findImage,
  insertContentPage,
  insertNewsArticle,
  keepOldSlug,
  newsSlugOwner,
  newsSlugsLike,
  pageSlugOwner,
  pageSlugsLike,
  releaseOldSlug,
  type TManagedContentPage,
  type TManagedNewsArticle,
  type TSlugScope,
  updateContentPage,
  updateNewsArticle,
} from "../queries/content-writes";
import { parameterize } from "../queries/desk-slug";
import { imagePath } from "./images";

/**
 * Writing news articles and content pages (docs/content-writes.md): the values from the
 * attributes (the body sanitised, the slug made or checked, the image resolved, the
 * publication time), the old slug kept when a published item is renamed, and an audit
 * entry per write that changed something.
 */

type TWho = { tenantId: number; actorId: number; now: Date };
type TCommon = {
  title: string;
  summary: string | null;
  body: string | null;
  locale: TContentLocale;
  slug: string;
  status: TContentStatus;
  publishedAt: Date | null;
  imageUrl: string | null;
};
type TInput = Partial<TNewsArticleAttributes & TContentPageAttributes>;

const slugTaken = () =>
  unprocessable([invalidAttribute(["slug"], "has already been taken", "taken")]);

export function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}

/** A write that may break a slug's unique index: two requests raced for one slug, and the
 *  index decided. A 422 `taken`, as the check before it would say; the throw rolls back. */
async function slugGuarded<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}

/** Rails' `parameterize`, never all digits (an all-digit key is read as an id). */
function slugBase(title: string): string {
  // Room for a `-NN` suffix within the slug's limit, so the form can send it back as is.
  const made = parameterize(title, "item");
  const base = (/[a-z]/.test(made) ? made : `item-${made}`).slice(0, 72).replace(/-+$/, "");
  return base;
}

async function uniqueSlug(taken: string[], base: string) {
  const set = new Set(taken);
  if (!set.has(base)) return base;
  let n = 2;
  while (set.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

/** The columns the input names (PATCH: only those), on top of `stored` for the rules. */
async function commonValues(
  tx: AppDb,
  who: TWho,
  input: TInput,
  stored: TCommon | null,
): Promise<Partial<TCommon>> {
  const values: Partial<TCommon> = {};
  if (input.title !== undefined) values.title = input.title;
  if (input.summary !== undefined) values.summary = input.summary || null;
  if (input.body !== undefined) values.body = sanitizeRichText(input.body) || null;
  if (input.locale !== undefined) values.locale = input.locale;
  if (input.status !== undefined) values.status = input.status;
  if (input.published_at !== undefined) {
    values.publishedAt = input.published_at === null ? null : new Date(input.published_at);
  }
  if (input.image_id !== undefined && input.image_url !== undefined) {
    throw unprocessable([
      invalidAttribute(["image_url"], "cannot be sent with image_id", "present"),
    ]);
  }
  if (input.image_id !== undefined) {
    if (input.image_id === null) values.imageUrl = null;
    else {
      const image = await findImage(tx, who.tenantId, input.image_id);
      if (!image) throw unprocessable([invalidAttribute(["image_id"], "not found", "not_found")]);
      values.imageUrl = imagePath(image.id);
    }
  }
  if (input.image_url !== undefined) values.imageUrl = input.image_url;
  // Published without a date: published now. A date to come: scheduled (the public side
  // shows it from then on).
  const status = values.status ?? stored?.status ?? "draft";
  const publishedAt =
    values.publishedAt !== undefined ? values.publishedAt : (stored?.publishedAt ?? null);
  if (status === "published" && publishedAt === null) values.publishedAt = who.now;
  return values;
}

/** The names of the columns whose value differs from the stored ones. */
function differences<T extends Record<string, unknown>>(stored: T, values: Partial<T>) {
  return Object.keys(values).filter((key) => {
    const a = stored[key];
    const b = values[key];
    if (a instanceof Date && b instanceof Date) return a.getTime() !== b.getTime();
    return (a ?? null) !== (b ?? null);
  });
}

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** After a save: the live slug is nobody's old slug; a published item's old one leads on. */
async function followSlug(
  tx: AppDb,
  tenantId: number,
  item: { id: number; slug: string; scope: TSlugScope },
  before: { slug: string; scope: TSlugScope; status: TContentStatus } | null,
) {
  await releaseOldSlug(tx, tenantId, item.scope, item.slug);
  if (before?.status !== "published") return;
  const moved =
    before.slug !== item.slug ||
    (before.scope.kind === "page" &&
      item.scope.kind === "page" &&
      before.scope.locale !== item.scope.locale);
  if (moved) await keepOldSlug(tx, tenantId, { ...before.scope, id: item.id }, before.slug);
}

// --- News -------------------------------------------------------------------------------

export async function createNewsArticle(
  tx: AppDb,
  who: TWho,
  input: TNewsArticleAttributes,
  volunteerCenterId: number,
): Promise<TManagedNewsArticle> {
  const values = await commonValues(tx, who, input, null);
  if (input.slug && (await newsSlugOwner(tx, who.tenantId, input.slug))) throw slugTaken();
  const base = slugBase(input.title);
  const slug = input.slug ?? (await uniqueSlug(await newsSlugsLike(tx, who.tenantId, base), base));
  const article: TManagedNewsArticle = await slugGuarded(() =>
    insertNewsArticle(tx, who.tenantId, {
      ...values,
      title: input.title,
      slug,
      volunteerCenterId,
      authorId: who.actorId,
    }),
  );
  await followSlug(tx, who.tenantId, { id: article.id, slug, scope: { kind: "news" } }, null);
  await audit(tx, who, "news", article, "news_article_created", {});
  return article;
}

export async function changeNewsArticle(
  tx: AppDb,
  who: TWho,
  stored: TManagedNewsArticle,
  input: Partial<TNewsArticleAttributes>,
): Promise<TManagedNewsArticle> {
  const values: Partial<TManagedNewsArticle> = await commonValues(tx, who, input, stored);
  if (input.volunteer_center_id !== undefined) values.volunteerCenterId = input.volunteer_center_id;
  if (input.slug !== undefined && input.slug !== stored.slug) {
    if (await newsSlugOwner(tx, who.tenantId, input.slug, stored.id)) throw slugTaken();
    values.slug = input.slug;
  }
  const changed = differences(stored, values);
  if (changed.length === 0) return stored;
  const saved: TManagedNewsArticle = await slugGuarded(() =>
    updateNewsArticle(tx, who.tenantId, stored.id, values),
  );
  await followSlug(
    tx,
    who.tenantId,
    { id: saved.id, slug: saved.slug, scope: { kind: "news" } },
    { slug: stored.slug, scope: { kind: "news" }, status: stored.status },
  );
  await audit(tx, who, "news", saved, "news_article_updated", { changed: changed.map(snake) });
  return saved;
}

export async function removeNewsArticle(tx: AppDb, who: TWho, stored: TManagedNewsArticle) {
  await deleteNewsArticle(tx, who.tenantId, stored.id);
  await audit(tx, who, "news", stored, "news_article_deleted", {});
}

// --- Pages ------------------------------------------------------------------------------

export async function createContentPage(
  tx: AppDb,
  who: TWho,
  input: TContentPageAttributes,
): Promise<TManagedContentPage> {
  const values = await commonValues(tx, who, input, null);
  const locale = input.locale ?? "nl";
  if (input.slug && (await pageSlugOwner(tx, who.tenantId, input.slug, locale))) {
    throw slugTaken();
  }
  const base = slugBase(input.title);
  const slug =
    input.slug ?? (await uniqueSlug(await pageSlugsLike(tx, who.tenantId, base, locale), base));
  const page: TManagedContentPage = await slugGuarded(() =>
    insertContentPage(tx, who.tenantId, {
      ...values,
      title: input.title,
      slug,
      locale,
    }),
  );
  await followSlug(tx, who.tenantId, { id: page.id, slug, scope: { kind: "page", locale } }, null);
  await audit(tx, who, "page", page, "content_page_created", {});
  return page;
}

export async function changeContentPage(
  tx: AppDb,
  who: TWho,
  stored: TManagedContentPage,
  input: Partial<TContentPageAttributes>,
): Promise<TManagedContentPage> {
  const values: Partial<TManagedContentPage> = await commonValues(tx, who, input, stored);
  if (input.slug !== undefined) values.slug = input.slug;
  const slug = values.slug ?? stored.slug;
  const locale = values.locale ?? stored.locale;
  if (slug !== stored.slug || locale !== stored.locale) {
    if (await pageSlugOwner(tx, who.tenantId, slug, locale, stored.id)) throw slugTaken();
  }
  const changed = differences(stored, values);
  if (changed.length === 0) return stored;
  const saved: TManagedContentPage = await slugGuarded(() =>
    updateContentPage(tx, who.tenantId, stored.id, values),
  );
  await followSlug(
    tx,
    who.tenantId,
    { id: saved.id, slug: saved.slug, scope: { kind: "page", locale: saved.locale } },
    { slug: stored.slug, scope: { kind: "page", locale: stored.locale }, status: stored.status },
  );
  await audit(tx, who, "page", saved, "content_page_updated", { changed: changed.map(snake) });
  return saved;
}

export async function removeContentPage(tx: AppDb, who: TWho, stored: TManagedContentPage) {
  await deleteContentPage(tx, who.tenantId, stored.id);
  await audit(tx, who, "page", stored, "content_page_deleted", {});
}

// --- Audit ------------------------------------------------------------------------------

type TNewsAction = "news_article_created" | "news_article_updated" | "news_article_deleted";
type TPageAction = "content_page_created" | "content_page_updated" | "content_page_deleted";

/** A news entry is read by its centre's admins; a page's (the tenant's) by superadmins. */
function audit(
  tx: AppDb,
  who: TWho,
  kind: "news" | "page",
  item: { id: number; title: string; volunteerCenterId?: number },
  action: TNewsAction | TPageAction,
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    tenantId: who.tenantId,
    actorId: who.actorId,
    action,
    subject: {
      type: kind === "news" ? "NewsArticle" : "ContentPage",
      id: item.id,
      label: item.title,
    },
    volunteerCenterId: kind === "news" ? (item.volunteerCenterId ?? null) : null,
    details,
  });
}
