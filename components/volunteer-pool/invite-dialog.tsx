"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { POOL_LIMITS } from "@/lib/contract/pool";
import type { Translator } from "@/lib/i18n/translator";
import { createPoolInvitation } from "@/lib/volunteer-pool/pool-api";
import { poolKeys } from "@/lib/volunteer-pool/pool-keys";
import { invitableVacanciesQuery } from "@/lib/volunteer-pool/pool-queries";

type Props = {
  open: boolean;
  volunteerId: string;
  name: string;
  /** The centres whose vacancies the caller may ask this volunteer for. */
  centreIds: readonly string[];
  onClose: () => void;
};

const controlClass =
  "min-h-11 w-full rounded-shape border border-neutral-500 bg-white px-3 py-2 text-neutral-900";

/** Why the api refused the invitation, in words (docs/volunteer-pool.md, the 422 codes). */
function refusal(t: Translator, error: unknown): string {
  if (isApiError(error) && error.statusCode === 422) {
    const code = (error.errors as { code?: string }[] | undefined)?.[0]?.code;
    if (code === "already_invited") return t("volunteerPool.invite.alreadyInvited");
    if (code === "vacancy_closed") return t("volunteerPool.invite.vacancyClosed");
    if (code === "not_in_pool") return t("volunteerPool.invite.notInPool");
  }
  if (isApiError(error) && error.statusCode === 403) return t("volunteerPool.invite.forbidden");
  return t("volunteerPool.invite.failed");
}

/**
 * Asks the volunteer for one of the open vacancies of the centres the caller may ask for, with an optional note. A native
 * modal <dialog>: focus is trapped inside, Escape closes, focus returns to the button.
 */
export function InviteDialog({ open, volunteerId, name, centreIds, onClose }: Props) {
  const t = useTranslations();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const errorId = useId();
  const [error, setError] = useState<string | null>(null);
  const vacancies = useQuery({ ...invitableVacanciesQuery(centreIds), enabled: open });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setError(null);
      dialog.showModal();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const send = useApiMutation({
    mutationFn: (input: { vacancyId: string; message: string }) =>
      createPoolInvitation(api, { volunteerId, ...input }),
    invalidates: [poolKeys.lists(), poolKeys.volunteer(volunteerId)],
    audited: false,
    success: () => t("volunteerPool.invite.sent", { name }),
    onSuccess: () => onClose(),
    onError: (failure) => {
      setError(refusal(t, failure));
      return "handled";
    },
  });

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!send.isPending) onClose();
      }}
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-shape-lg border-2 border-neutral-700 bg-white p-6 text-neutral-900 backdrop:bg-neutral-900/60"
    >
      <h2 id={titleId} className="text-xl font-bold">
        {t("volunteerPool.invite.title", { name })}
      </h2>
      <form
        className="mt-4 flex flex-col gap-4"
        aria-describedby={error ? errorId : undefined}
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const vacancyId = String(data.get("vacancy") ?? "");
          if (!vacancyId) {
            setError(t("volunteerPool.invite.chooseVacancy"));
            return;
          }
          if (!send.isPending) {
            send.mutate({ vacancyId, message: String(data.get("message") ?? "") });
          }
        }}
      >
        {error ? (
          <p id={errorId} role="alert" className="font-semibold text-danger-700">
            {error}
          </p>
        ) : null}
        <label className="flex flex-col gap-1 font-semibold">
          {t("volunteerPool.invite.vacancy")}
          <select name="vacancy" required className={controlClass} defaultValue="">
            <option value="" disabled>
              {vacancies.data === undefined
                ? t("volunteerPool.invite.loadingVacancies")
                : vacancies.data.length === 0
                  ? t("volunteerPool.invite.noVacancies")
                  : t("volunteerPool.invite.chooseVacancy")}
            </option>
            {(vacancies.data ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.title}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 font-semibold">
          {t("volunteerPool.invite.message")}
          <span className="font-normal text-neutral-800">
            {t("volunteerPool.invite.messageHint")}
          </span>
          <textarea
            name="message"
            rows={5}
            maxLength={POOL_LIMITS.message}
            className={controlClass}
          />
        </label>
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="outline" size="sm" onClick={onClose} aria-disabled={send.isPending}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" size="sm" aria-disabled={send.isPending}>
            {send.isPending ? t("volunteerPool.invite.sending") : t("volunteerPool.invite.send")}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
