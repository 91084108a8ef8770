"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type SyntheticEvent, useEffect, useId, useRef, useState } from "react";
import type { UseFormRegister } from "react-hook-form";
import { z } from "zod";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/form-error";
import { PageTitle } from "@/components/ui/page-title";
import { SelectField } from "@/components/ui/select-field";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { TAG_LIMITS, TAG_SLUG_PATTERN } from "@/lib/contract/tags";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";
import { createTag, deleteTag, mergeTag, updateTag } from "@/lib/tags/tag-api";
import { tagKeys } from "@/lib/tags/tag-keys";
import { allTagsQuery, managedTagsQuery, type TManagedTag } from "@/lib/tags/tag-queries";
import { TAGS_LIST, tagsListQuery } from "@/lib/tags/tags-list";
import { poolKeys } from "@/lib/volunteer-pool/pool-keys";

/**
 * /tags (docs/tags.md): the tenant's tag vocabulary for centre admins and superadmins. The
 * list with how much each tag is used; add, edit, archive and bring back, merge one into
 * another and delete one nothing uses. Search, status and page live in the URL.
 */
export function TagsPage() {
  return <StaffGate allow={centreStaff}>{() => <TagsBody />}</StaffGate>;
}

const { nameMax: NAME_LIMIT, slugMax: SLUG_LIMIT } = TAG_LIMITS;

function tagSchema(t: Translator) {
  const tooLong = (field: string, max: number) =>
    t("tags.fields.tooLong", { field, max: String(max) });
  return z.object({
    name: z
      .string()
      .refine((v) => v.trim() !== "", t("validation.required", { field: t("tags.fields.name") }))
      .refine((v) => v.trim().length <= NAME_LIMIT, tooLong(t("tags.fields.name"), NAME_LIMIT)),
    nameEn: z
      .string()
      .refine((v) => v.trim().length <= NAME_LIMIT, tooLong(t("tags.fields.nameEn"), NAME_LIMIT)),
    slug: z
      .string()
      .refine(
        (v) => v.trim() === "" || TAG_SLUG_PATTERN.test(v.trim()),
        t("tags.fields.slugFormat"),
      )
      .refine((v) => v.trim().length <= SLUG_LIMIT, tooLong(t("tags.fields.slug"), SLUG_LIMIT)),
  });
}

const trimmed = (values: TTagValues) => ({
  name: values.name.trim(),
  nameEn: values.nameEn.trim(),
  slug: values.slug.trim(),
});

/** Every list of tags: the back office's pages, the public one the forms offer, and the
 *  volunteer pool's filter. */
const TAG_LISTS = [tagKeys.all, poolKeys.tags()];

type TTagValues = { name: string; nameEn: string; slug: string };

/** A tag's three fields, the same when adding and editing; only the slug's hint differs. */
function TagFields({
  register,
  message,
  slugHint,
}: {
  register: UseFormRegister<TTagValues>;
  message: (field: string) => string | undefined;
  slugHint: string;
}) {
  const t = useTranslations();
  return (
    <>
      <TextField
        label={t("tags.fields.name")}
        autoComplete="off"
        required
        maxLength={NAME_LIMIT}
        error={message("name")}
        {...register("name")}
      />
      <TextField
        label={t("tags.fields.nameEn")}
        autoComplete="off"
        lang="en"
        maxLength={NAME_LIMIT}
        hint={t("tags.fields.nameEnHint")}
        error={message("nameEn")}
        {...register("nameEn")}
      />
      <TextField
        label={t("tags.fields.slug")}
        autoComplete="off"
        maxLength={SLUG_LIMIT}
        hint={slugHint}
        error={message("slug")}
        {...register("slug")}
      />
    </>
  );
}

function TagsBody() {
  const t = useTranslations("tags");
  const list = useListPage(TAGS_LIST);
  const query = useQuery(managedTagsQuery(tagsListQuery(list.state)));

  return (
    <ListTable
      list={list}
      title={
        <>
          <PageTitle description={t("description")}>{t("title")}</PageTitle>
          <AddTagForm />
        </>
      }
      searchLabel={t("search")}
      selects={[
        {
          name: "status",
          label: t("status"),
          anyLabel: t("anyStatus"),
          options: [
            { value: "active", label: t("statuses.active") },
            { value: "archived", label: t("statuses.archived") },
          ],
        },
      ]}
      query={query}
      texts={{
        loadFailed: t("loadFailed"),
        empty: t("empty"),
        noMatches: t("noMatches"),
        outOfRange: t("outOfRange"),
        firstPage: t("firstPage"),
        tableLabel: t("tableLabel"),
        caption: (count) => t("caption", { count }),
      }}
      columns={[
        { key: "name", label: t("columns.name") },
        { key: "nameEn", label: t("columns.nameEn") },
        { key: "slug", label: t("columns.slug") },
        { key: "use", label: t("columns.use") },
        { key: "status", label: t("columns.status") },
        { key: "actions", label: t("columns.actions"), hideLabel: true },
      ]}
      row={(tag) => <TagRow key={tag.id} tag={tag} />}
    />
  );
}

function AddTagForm() {
  const t = useTranslations();
  const headingId = useId();
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: tagSchema,
    defaultValues: { name: "", nameEn: "", slug: "" },
    submit: (values) => createTag(api, trimmed(values)),
    invalidates: TAG_LISTS,
    audited: true,
    fieldLabels: {
      name: t("tags.fields.name"),
      nameEn: t("tags.fields.nameEn"),
      slug: t("tags.fields.slug"),
    },
    success: (tag) => t("tags.add.done", { name: tag.name }),
    onSuccess: () => {
      form.reset({ name: "", nameEn: "", slug: "" });
    },
    failureTitle: t("tags.add.failed"),
  });
  return (
    <form
      {...formProps}
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-shape border border-neutral-300 p-4"
    >
      <h2 id={headingId} className="font-semibold text-lg">
        {t("tags.add.heading")}
      </h2>
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <div className="grid gap-3 md:grid-cols-3">
        <TagFields
          register={form.register}
          message={message}
          slugHint={t("tags.fields.slugHint")}
        />
      </div>
      <div>
        <SubmitButton pending={pending} pendingLabel={t("tags.add.pending")}>
          {t("tags.add.submit")}
        </SubmitButton>
      </div>
    </form>
  );
}

type TDialog = "edit" | "archive" | "merge" | "delete" | null;

function TagRow({ tag }: { tag: TManagedTag }) {
  const t = useTranslations("tags");
  const [dialog, setDialog] = useState<TDialog>(null);
  const close = () => setDialog(null);
  const used = tag.vacancyCount + tag.organizationCount + tag.interestCount;

  const archive = useApiMutation({
    mutationFn: (archived: boolean) => updateTag(api, tag.id, { archived }),
    invalidates: TAG_LISTS,
    success: (archived) =>
      archived ? t("archive.done", { name: tag.name }) : t("unarchive.done", { name: tag.name }),
    failure: (archived) =>
      archived
        ? t("archive.failed", { name: tag.name })
        : t("unarchive.failed", { name: tag.name }),
    onSuccess: close,
  });
  const remove = useApiMutation({
    mutationFn: () => deleteTag(api, tag.id),
    invalidates: TAG_LISTS,
    success: () => t("delete.done", { name: tag.name }),
    failure: () => t("delete.failed", { name: tag.name }),
    reasons: { 409: t("delete.inUse") },
    onSuccess: close,
  });

  return (
    <tr className="border-b border-neutral-200 align-top">
      <th scope="row" className="px-3 py-2 font-medium">
        <span lang="nl">{tag.name}</span>
      </th>
      <td className="px-3 py-2">{tag.nameEn ? <span lang="en">{tag.nameEn}</span> : "—"}</td>
      <td className="px-3 py-2">
        <code className="text-sm">{tag.slug}</code>
      </td>
      <td className="px-3 py-2 text-sm">
        {t("use", {
          vacancies: tag.vacancyCount,
          organizations: tag.organizationCount,
          interests: tag.interestCount,
        })}
      </td>
      <td className="px-3 py-2">{tag.archived ? t("statuses.archived") : t("statuses.active")}</td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setDialog("edit")}>
            {t("edit.button")}
            <span className="sr-only"> {tag.name}</span>
          </Button>
          {tag.archived ? (
            <Button
              size="sm"
              variant="outline"
              aria-disabled={archive.isPending}
              onClick={() => {
                if (!archive.isPending) archive.mutate(false);
              }}
            >
              {t("unarchive.button")}
              <span className="sr-only"> {tag.name}</span>
            </Button>
          ) : (
            <Button size="sm" variant="outline" onClick={() => setDialog("archive")}>
              {t("archive.button")}
              <span className="sr-only"> {tag.name}</span>
            </Button>
          )}
          <Button size="sm" variant="outline" onClick={() => setDialog("merge")}>
            {t("merge.button")}
            <span className="sr-only"> {tag.name}</span>
          </Button>
          {used === 0 ? (
            <Button size="sm" variant="outline" onClick={() => setDialog("delete")}>
              {t("delete.button")}
              <span className="sr-only"> {tag.name}</span>
            </Button>
          ) : null}
        </div>
        {dialog === "edit" ? <EditTagDialog tag={tag} onClose={close} /> : null}
        <ConfirmDialog
          open={dialog === "archive"}
          title={t("archive.title", { name: tag.name })}
          confirmLabel={t("archive.confirm")}
          pending={archive.isPending}
          pendingLabel={t("archive.pending")}
          onConfirm={() => archive.mutate(true)}
          onCancel={close}
        >
          <p>{t("archive.body")}</p>
        </ConfirmDialog>
        <ConfirmDialog
          open={dialog === "delete"}
          title={t("delete.title", { name: tag.name })}
          confirmLabel={t("delete.confirm")}
          pending={remove.isPending}
          pendingLabel={t("delete.pending")}
          onConfirm={() => remove.mutate()}
          onCancel={close}
        >
          <p>{t("delete.body")}</p>
        </ConfirmDialog>
        {dialog === "merge" ? <MergeDialog tag={tag} onClose={close} /> : null}
      </td>
    </tr>
  );
}

/** A native modal <dialog> that opens as it mounts and closes through `onClose`. */
function useModal(onClose: () => void, busy: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return {
    ref,
    onCancel: (event: SyntheticEvent) => {
      // Escape: close through the parent's state, not behind its back.
      event.preventDefault();
      if (!busy) onClose();
    },
    className:
      "m-auto w-[min(36rem,calc(100vw-2rem))] rounded-shape-lg border-2 border-neutral-700 bg-white p-6 text-neutral-900 backdrop:bg-neutral-900/60",
  };
}

function EditTagDialog({ tag, onClose }: { tag: TManagedTag; onClose: () => void }) {
  const t = useTranslations();
  const titleId = useId();
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: tagSchema,
    defaultValues: { name: tag.name, nameEn: tag.nameEn ?? "", slug: tag.slug },
    submit: (values) => updateTag(api, tag.id, trimmed(values)),
    invalidates: TAG_LISTS,
    audited: true,
    fieldLabels: {
      name: t("tags.fields.name"),
      nameEn: t("tags.fields.nameEn"),
      slug: t("tags.fields.slug"),
    },
    success: (saved) => t("tags.edit.done", { name: saved.name }),
    onSuccess: onClose,
    failureTitle: t("tags.edit.failed", { name: tag.name }),
  });
  const modal = useModal(onClose, pending);
  return (
    <dialog
      ref={modal.ref}
      aria-labelledby={titleId}
      onCancel={modal.onCancel}
      className={modal.className}
    >
      <form {...formProps} className="flex flex-col gap-4">
        <h2 id={titleId} className="font-bold text-xl">
          {t("tags.edit.title", { name: tag.name })}
        </h2>
        <FormError title={failure?.title}>{failure?.description}</FormError>
        <TagFields register={form.register} message={message} slugHint={t("tags.edit.slugHint")} />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" size="sm" onClick={onClose} aria-disabled={pending}>
            {t("common.cancel")}
          </Button>
          <SubmitButton pending={pending} pendingLabel={t("tags.edit.pending")}>
            {t("tags.edit.submit")}
          </SubmitButton>
        </div>
      </form>
    </dialog>
  );
}

/**
 * Merging cannot be undone: the dialog names the target and says what moves before the
 * confirm button does anything; focus starts on Cancel.
 */
function MergeDialog({ tag, onClose }: { tag: TManagedTag; onClose: () => void }) {
  const t = useTranslations("tags");
  const all = useQuery(allTagsQuery());
  const [intoId, setIntoId] = useState("");
  const [missing, setMissing] = useState(false);
  const into = all.data?.find((other) => other.id === intoId);
  const merge = useApiMutation({
    mutationFn: (target: TManagedTag) => mergeTag(api, tag.id, target.id),
    invalidates: TAG_LISTS,
    success: (target) => t("merge.done", { name: tag.name, into: target.name }),
    failure: () => t("merge.failed", { name: tag.name }),
    onSuccess: onClose,
  });
  const options = (all.data ?? [])
    .filter((other) => other.id !== tag.id)
    .map((other) => ({
      value: other.id,
      label: other.archived ? t("merge.archivedOption", { name: other.name }) : other.name,
    }));
  return (
    <ConfirmDialog
      open
      title={t("merge.title", { name: tag.name })}
      confirmLabel={t("merge.confirm")}
      pending={merge.isPending}
      pendingLabel={t("merge.pending")}
      onConfirm={() => {
        if (into) merge.mutate(into);
        else setMissing(true);
      }}
      onCancel={onClose}
    >
      {all.isPending ? <p role="status">{t("merge.loading")}</p> : null}
      {all.error ? <p role="alert">{t("merge.loadFailed")}</p> : null}
      {all.data ? (
        <SelectField
          label={t("merge.into")}
          placeholder={t("merge.choose")}
          options={options}
          value={intoId}
          required
          error={missing && !into ? t("merge.chooseFirst") : undefined}
          onChange={(event) => {
            setIntoId(event.target.value);
            setMissing(false);
          }}
        />
      ) : null}
      <p aria-live="polite">
        {into
          ? t("merge.moves", {
              name: tag.name,
              into: into.name,
              vacancies: tag.vacancyCount,
              organizations: tag.organizationCount,
              interests: tag.interestCount,
            })
          : t("merge.movesAny", { name: tag.name })}
      </p>
    </ConfirmDialog>
  );
}
