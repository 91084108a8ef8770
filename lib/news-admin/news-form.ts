import { z } from "zod";
import { CONTENT_LIMITS, SLUG_PATTERN, ZNewsArticleChanges } from "@/lib/contract/content";
import { rules } from "@/lib/forms/rules";
import type { Translator } from "@/lib/i18n/translator";
import type { TManagedNewsArticle } from "./news-admin";

/** What a write sends: PATCH's attributes (a new article's have the title too). */
export type TNewsArticleChanges = z.output<typeof ZNewsArticleChanges>;

/**
 * The news form's model (docs/news-admin.md): its rules (the contract's limits), its
 * starting values from an article, and the attributes it sends.
 */

export const NEWS_LOCALES = ["nl", "en"] as const;

/** How the form was sent: keep the status, publish, or take it back to a draft. */
export type TNewsIntent = "save" | "publish" | "draft";

export function newsFormSchema(t: Translator) {
  const r = rules(t);
  const tooLong = (field: string, max: number) =>
    t("newsAdmin.form.tooLong", { field, max: String(max) });
  const title = t("newsAdmin.form.title");
  const summary = t("newsAdmin.form.summary");
  const slug = t("newsAdmin.form.slug");
  return z.object({
    title: r
      .required(title)
      .pipe(z.string().max(CONTENT_LIMITS.title, tooLong(title, CONTENT_LIMITS.title))),
    summary: z.string().max(CONTENT_LIMITS.summary, tooLong(summary, CONTENT_LIMITS.summary)),
    body: z.string().max(CONTENT_LIMITS.body, t("newsAdmin.form.bodyTooLong")),
    locale: z.enum(NEWS_LOCALES),
    slug: z
      .string()
      .max(CONTENT_LIMITS.slug, tooLong(slug, CONTENT_LIMITS.slug))
      .refine(
        (value) => value.trim() === "" || SLUG_PATTERN.test(value.trim()),
        t("newsAdmin.form.slugInvalid"),
      ),
    publishedAt: z
      .string()
      .refine(
        (value) => value === "" || !Number.isNaN(new Date(value).getTime()),
        t("newsAdmin.form.publishedAtInvalid"),
      ),
    /** An image uploaded in this form, not yet saved with the article; '' for none. */
    imageId: z.string(),
    /** The image shown: the article's, or the one just uploaded; '' for none. */
    imageUrl: z.string(),
    /** A new article's centre; '' leaves it to the api (the site's centre). */
    centreId: z.string(),
  });
}

export type TNewsFormValues = z.input<ReturnType<typeof newsFormSchema>>;

const pad = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as a datetime-local input shows it: the browser's local time, to the minute. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time) as the api's ISO 8601 instant; null when empty. */
export function fromLocalInput(value: string): string | null {
  if (value.trim() === "") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The form's starting values: empty for a new article (in the page's language). */
export function newsFormDefaults(
  article: TManagedNewsArticle | null,
  locale: string,
  centreId = "",
): TNewsFormValues {
  const language = (article?.locale ?? locale) === "en" ? "en" : "nl";
  return {
    title: article?.title ?? "",
    summary: article?.summary ?? "",
    body: article?.body ?? "",
    locale: language,
    slug: article?.slug ?? "",
    publishedAt: toLocalInput(article?.publishedAt),
    imageId: "",
    imageUrl: article?.imageUrl ?? "",
    centreId: article ? "" : centreId,
  };
}

const STATUS: Record<TNewsIntent, "draft" | "published" | undefined> = {
  save: undefined,
  publish: "published",
  draft: "draft",
};

/**
 * The centres a new article may belong to: those the writer administers. With one, it is
 * theirs (it need not be the site's); with none (a superadmin), the api takes the site's.
 */
export function newsCentreChoices(
  centreIds: readonly string[],
  names: ReadonlyMap<string, string>,
  siteCentreId: string | null,
): { choices: { value: string; label: string }[]; initial: string } {
  const choices = centreIds.map((id) => ({ value: id, label: names.get(id) ?? id }));
  const initial =
    choices.length === 0
      ? ""
      : siteCentreId && centreIds.includes(siteCentreId)
        ? siteCentreId
        : choices[0].value;
  return { choices, initial };
}

/**
 * What the api gets. Adding: blank fields are left out (the api makes the slug from the
 * title and dates a published article now). Editing: an emptied summary or date is null;
 * a slug left empty keeps the article's; the body only when it was edited (the editor
 * writes stored HTML back in its own form, which would be stored and audited as a change);
 * the image only when it changed.
 */
export function toNewsAttributes(
  values: TNewsFormValues,
  intent: TNewsIntent,
  article: TManagedNewsArticle | null,
): TNewsArticleChanges {
  const status = STATUS[intent];
  const summary = values.summary.trim();
  const slug = values.slug.trim();
  const publishedAt = fromLocalInput(values.publishedAt);
  const attributes: Record<string, unknown> = {
    title: values.title.trim(),
    locale: values.locale,
    ...(status ? { status } : {}),
    ...(slug ? { slug } : {}),
  };
  if (!article) {
    if (summary) attributes.summary = summary;
    if (values.body) attributes.body = values.body;
    if (publishedAt) attributes.published_at = publishedAt;
    if (values.imageId) attributes.image_id = values.imageId;
    if (values.centreId) attributes.volunteer_center_id = values.centreId;
  } else {
    attributes.summary = summary || null;
    if (values.body !== (article.body ?? "")) attributes.body = values.body || null;
    if (publishedAt !== null) {
      if (values.publishedAt !== toLocalInput(article.publishedAt)) {
        attributes.published_at = publishedAt;
      }
    } else if (article.publishedAt) attributes.published_at = null;
    if (values.imageId) attributes.image_id = values.imageId;
    else if (!values.imageUrl && article.imageUrl) attributes.image_url = null;
  }
  // The contract's own schema has the last word: nothing the api's schema refuses is sent.
  return ZNewsArticleChanges.parse(attributes);
}
