"use client";

import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { RichTextFormField } from "@/components/rich-text/rich-text-form-field";
import { Button } from "@/components/ui/button";
import { FormError } from "@/components/ui/form-error";
import { FormSection } from "@/components/ui/form-section";
import { SelectField } from "@/components/ui/select-field";
import { SendButton } from "@/components/ui/send-button";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { api, isApiError } from "@/lib/api";
import { refusalText, useApiMutation } from "@/lib/api/use-api-mutation";
import { CONTENT_LIMITS } from "@/lib/contract/content";
import { defaultFieldMessage, useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";
import {
  CONTENT_KINDS,
  createNewsArticle,
  type TContentKind,
  type TManagedNewsArticle,
  updateNewsArticle,
  uploadImage,
} from "@/lib/news-admin/news-admin";
import {
  newsFormDefaults,
  newsFormSchema,
  type TNewsIntent,
  toNewsAttributes,
} from "@/lib/news-admin/news-form";

type Props = {
  /** A news article (the default) or a content page: the same fields, other calls. */
  kind?: TContentKind;
  /** null: a new article. */
  article: TManagedNewsArticle | null;
  onSaved: (saved: TManagedNewsArticle, intent: TNewsIntent) => void | Promise<void>;
  /** A new article: the centres it may belong to (a choice is offered when there are several). */
  centres?: { choices: readonly { value: string; label: string }[]; initial: string };
};

/** The image types the api takes (it decides by the bytes; this only narrows the picker). */
const IMAGE_TYPES = "image/jpeg,image/png,image/gif,image/webp";

/** Why the api refused an upload, in the page's language (docs/content-writes.md "Images"). */
export function uploadRefusal(t: Translator, error: unknown): string {
  if (isApiError(error)) {
    const code = error.errors[0]?.code;
    if (error.statusCode === 413) return t("newsAdmin.form.image.tooLarge");
    if (code === "unsupported_image") return t("newsAdmin.form.image.unsupported");
    if (code === "undecodable_image") return t("newsAdmin.form.image.undecodable");
  }
  return `${t("newsAdmin.form.image.failed")} ${refusalText(t, error)}`;
}

/**
 * Adds (POST /api/v1/news_articles) or edits (PATCH …/:id) a news article. Two ways to send
 * it: keep its status (a new one: a draft), or publish it (a published one: take it back to
 * a draft). An image is uploaded the moment it is chosen and saved with the article.
 */
export function NewsForm({ kind = "news", article, onSaved, centres }: Props) {
  const t = useTranslations("newsAdmin.form");
  const tp = useTranslations("pageAdmin.form");
  const own =
    kind === "page"
      ? {
          body: tp("body"),
          summaryHint: tp("summaryHint"),
          slugHint: tp("slugHint"),
          saveFailed: tp("saveFailed"),
          addFailed: tp("addFailed"),
        }
      : {
          body: t("body"),
          summaryHint: t("summaryHint"),
          slugHint: t("slugHint"),
          saveFailed: t("saveFailed"),
          addFailed: t("addFailed"),
        };
  const { adminPath, keys } = CONTENT_KINDS[kind];
  const tAll = useTranslations();
  const locale = useLocale();
  const intent = useRef<TNewsIntent>("save");
  const published = article?.status === "published";
  const fieldLabels = {
    title: t("title"),
    summary: t("summary"),
    body: own.body,
    locale: t("locale"),
    slug: t("slug"),
    publishedAt: t("publishedAt"),
    imageId: t("image.label"),
    centreId: t("centre"),
  };
  const fieldText = defaultFieldMessage(tAll, fieldLabels);
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: newsFormSchema,
    defaultValues: newsFormDefaults(article, locale, centres?.initial),
    fieldLabels,
    // A slug in use is the one 'taken' here; the shared text speaks of e-mail addresses.
    fieldMessage: (field, error) =>
      field === "slug" && error.code === "taken" ? t("slugTaken") : fieldText(field, error),
    submit: (values) => {
      const attributes = toNewsAttributes(values, intent.current, article);
      return article
        ? updateNewsArticle(api, article.id, attributes, kind)
        : createNewsArticle(api, attributes, kind);
    },
    invalidates: [keys.all],
    audited: true,
    success: (saved) =>
      intent.current === "publish"
        ? t("toasts.published", { title: saved.title })
        : t("toasts.saved", { title: saved.title }),
    onSuccess: (saved) => onSaved(saved, intent.current),
    failureTitle: article ? own.saveFailed : own.addFailed,
    // The api names the image by image_id or image_url; both show on the image field.
    fields: {
      title: "title",
      summary: "summary",
      body: "body",
      locale: "locale",
      slug: "slug",
      publishedAt: "publishedAt",
      imageId: "imageId",
      imageUrl: "imageId",
      volunteerCenterId: "centreId",
    },
  });

  const [uploadError, setUploadError] = useState<string | undefined>();
  // An upload changes nothing any list shows until the article is saved with it.
  const upload = useApiMutation({
    mutationFn: (file: File) => uploadImage(api, file),
    invalidates: [],
    audited: false,
    onSuccess: (image) => {
      setUploadError(undefined);
      form.clearErrors("imageId");
      form.setValue("imageId", image.id, { shouldDirty: true });
      form.setValue("imageUrl", image.url, { shouldDirty: true });
    },
    // Said beside the image field, in words, rather than in a toast.
    onError: (error) => {
      setUploadError(uploadRefusal(tAll, error));
      return "handled";
    },
  });
  const imageUrl = form.watch("imageUrl");

  const sendAs = (next: TNewsIntent) => () => {
    intent.current = next;
  };

  return (
    <form {...formProps} className="flex flex-col gap-8">
      <FormError title={failure?.title}>{failure?.description}</FormError>

      <FormSection legend={t("sections.text")}>
        <TextField
          label={t("title")}
          required
          maxLength={CONTENT_LIMITS.title}
          autoComplete="off"
          error={message("title")}
          {...form.register("title")}
        />
        <TextareaField
          label={t("summary")}
          hint={own.summaryHint}
          rows={3}
          maxLength={CONTENT_LIMITS.summary}
          error={message("summary")}
          {...form.register("summary")}
        />
        <RichTextFormField
          control={form.control}
          name="body"
          label={own.body}
          error={message("body")}
        />
      </FormSection>

      <FormSection legend={t("sections.image")}>
        {imageUrl ? (
          <div className="flex flex-wrap items-end gap-4">
            {/* biome-ignore lint/performance/noImgElement: the api serves the stored image itself, already scaled */}
            <img
              src={imageUrl}
              alt={t("image.preview")}
              className="max-h-48 max-w-full rounded-shape border border-neutral-300"
            />
            <Button
              variant="outline"
              size="sm"
              onClick={() => {
                form.setValue("imageId", "", { shouldDirty: true });
                form.setValue("imageUrl", "", { shouldDirty: true });
              }}
            >
              {t("image.remove")}
            </Button>
          </div>
        ) : null}
        <TextField
          type="file"
          accept={IMAGE_TYPES}
          label={imageUrl ? t("image.replace") : t("image.label")}
          hint={t("image.hint")}
          error={uploadError ?? message("imageId")}
          aria-busy={upload.isPending || undefined}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            if (file) upload.mutate(file);
          }}
        />
        <p role="status" className="text-sm text-neutral-700">
          {upload.isPending ? t("image.uploading") : ""}
        </p>
      </FormSection>

      <FormSection legend={t("sections.publication")}>
        {kind === "news" && !article && centres && centres.choices.length > 1 ? (
          <SelectField
            label={t("centre")}
            hint={t("centreHint")}
            options={[...centres.choices]}
            error={message("centreId")}
            {...form.register("centreId")}
          />
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label={t("locale")}
            options={[
              { value: "nl", label: t("locales.nl") },
              { value: "en", label: t("locales.en") },
            ]}
            error={message("locale")}
            {...form.register("locale")}
          />
          <TextField
            label={t("publishedAt")}
            hint={t("publishedAtHint")}
            type="datetime-local"
            error={message("publishedAt")}
            {...form.register("publishedAt")}
          />
        </div>
        <TextField
          label={t("slug")}
          hint={own.slugHint}
          maxLength={CONTENT_LIMITS.slug}
          autoComplete="off"
          error={message("slug")}
          {...form.register("slug")}
        />
      </FormSection>

      <div className="flex flex-wrap items-center gap-4">
        {published ? null : (
          <SendButton
            pending={pending || upload.isPending}
            busy={pending && intent.current === "publish"}
            onClick={sendAs("publish")}
            pendingLabel={t("saving")}
          >
            {t("actions.publish")}
          </SendButton>
        )}
        <SendButton
          pending={pending || upload.isPending}
          busy={pending && intent.current === "save"}
          onClick={sendAs("save")}
          pendingLabel={t("saving")}
          variant={published ? "neutral" : "outline"}
        >
          {published ? t("actions.save") : t("actions.saveDraft")}
        </SendButton>
        {published ? (
          <SendButton
            pending={pending || upload.isPending}
            busy={pending && intent.current === "draft"}
            onClick={sendAs("draft")}
            pendingLabel={t("saving")}
            variant="outline"
          >
            {t("actions.unpublish")}
          </SendButton>
        ) : null}
        <Link href={adminPath} className="inline-flex min-h-11 items-center">
          {t("cancel")}
        </Link>
      </div>
    </form>
  );
}
