"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import {
  deleteVacancy,
  duplicateVacancy,
  transitionVacancy,
} from "@/lib/vacancies/managed-vacancy-api";
import { managedVacancyKeys } from "@/lib/vacancies/managed-vacancy-keys";
import type { TManagedVacancy } from "@/lib/vacancies/managed-vacancy-types";
import {
  ACTION_STATUS,
  asksFirst,
  type TVacancyAction,
  vacancyActions,
} from "@/lib/vacancies/vacancy-actions";

type TStep = Exclude<TVacancyAction, "duplicate" | "delete">;

/**
 * The status actions of the edit page (docs/vacancy-editor.md): approve (publish) a pending
 * vacancy for the centre's admins, take it back to draft, close, archive, reopen, and
 * duplicate or delete. Closing, archiving and deleting ask first; every action says what
 * happened in a toast and refreshes the vacancy's queries (lib/vacancies/managed-vacancy-keys.ts).
 */
export function VacancyStatusActions({
  vacancy,
  approver,
}: {
  vacancy: TManagedVacancy;
  approver: boolean;
}) {
  const t = useTranslations("vacancyForm.statusActions");
  const tCommon = useTranslations("common");
  const router = useRouter();
  const [asking, setAsking] = useState<TVacancyAction | null>(null);
  const changed = [managedVacancyKeys.detail(vacancy.id), managedVacancyKeys.lists()];

  const step = useApiMutation({
    mutationFn: (action: TStep) => transitionVacancy(api, vacancy.id, ACTION_STATUS[action]),
    invalidates: changed,
    success: (action) => stepDone(action),
    failure: () => t("failed"),
    onSuccess: () => setAsking(null),
    onError: () => {
      setAsking(null);
      return undefined;
    },
  });
  const duplicate = useApiMutation({
    mutationFn: () => duplicateVacancy(api, vacancy.id),
    invalidates: [managedVacancyKeys.lists()],
    success: () => t("duplicated"),
    failure: () => t("failed"),
    onSuccess: (copy) => router.push(`/vacancies/${copy.id}/edit`),
  });
  const remove = useApiMutation({
    mutationFn: () => deleteVacancy(api, vacancy.id),
    invalidates: [managedVacancyKeys.lists()],
    success: () => t("deleted", { title: vacancy.title }),
    failure: () => t("failed"),
    reasons: { 409: t("notDeletable") },
    onSuccess: () => {
      setAsking(null);
      router.push("/vacancies");
    },
    onError: () => {
      setAsking(null);
      return undefined;
    },
  });

  function stepDone(action: TStep): string {
    switch (action) {
      case "approve":
        return t("approved", { title: vacancy.title });
      case "takeBack":
        return t("takenBack", { title: vacancy.title });
      case "close":
        return t("closed", { title: vacancy.title });
      case "archive":
        return t("archived", { title: vacancy.title });
      default:
        return t("reopened", { title: vacancy.title });
    }
  }

  function label(action: TVacancyAction): string {
    switch (action) {
      case "approve":
        return t("approve");
      case "takeBack":
        return t("takeBack");
      case "close":
        return t("close");
      case "archive":
        return t("archive");
      case "reopen":
        return t("reopen");
      case "duplicate":
        return t("duplicate");
      default:
        return t("delete");
    }
  }

  const busy = step.isPending || duplicate.isPending || remove.isPending;
  const run = (action: TVacancyAction) => {
    if (busy) return;
    if (action === "duplicate") duplicate.mutate(undefined);
    else if (action === "delete") remove.mutate(undefined);
    else step.mutate(action);
  };
  const open = vacancy.openApplicationsCount ?? 0;

  return (
    <section aria-labelledby="vacancy-status-actions" className="flex flex-col gap-3">
      <h2 id="vacancy-status-actions" className="font-bold text-xl">
        {t("heading")}
      </h2>
      <ul className="flex flex-wrap gap-3">
        {vacancyActions(vacancy.status, approver).map((action) => (
          <li key={action}>
            <Button
              size="sm"
              variant={action === "approve" ? "neutral" : "outline"}
              aria-disabled={busy || undefined}
              onClick={() => (asksFirst(action) ? setAsking(action) : run(action))}
            >
              {label(action)}
            </Button>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={asking !== null}
        title={
          asking === "delete"
            ? t("confirmDelete", { title: vacancy.title })
            : asking === "archive"
              ? t("confirmArchive", { title: vacancy.title })
              : t("confirmClose", { title: vacancy.title })
        }
        confirmLabel={asking ? label(asking) : ""}
        pending={step.isPending || remove.isPending}
        pendingLabel={tCommon("busy")}
        onConfirm={() => {
          if (asking) run(asking);
        }}
        onCancel={() => setAsking(null)}
      >
        {asking === "delete" ? (
          <p>{t("deleteWarning")}</p>
        ) : vacancy.status === "published" ? (
          <p>{t("closeWarning", { count: open })}</p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
