"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { transitionApplication } from "@/lib/applications/application-api";
import { applicationKeys } from "@/lib/applications/application-keys";
import type { TApplication } from "@/lib/applications/application-types";
import { applicantName } from "@/lib/applications/applications-list";
import { APPLICATION_EVENTS, type TApplicationEvent } from "@/lib/contract/applications";
import type { Translator } from "@/lib/i18n/translator";
import { eventLabel } from "./status-label";

type Props = {
  application: TApplication;
  /** After a change: focus goes to the status it changed (the button that did it is gone). */
  onChanged: () => void;
};

function question(t: Translator, event: TApplicationEvent, name: string) {
  switch (event) {
    case "accept":
      return {
        title: t("applications.actions.acceptTitle", { name }),
        body: t("applications.actions.acceptBody"),
      };
    case "decline":
      return {
        title: t("applications.actions.declineTitle", { name }),
        body: t("applications.actions.declineBody"),
      };
    case "withdraw":
      return {
        title: t("applications.actions.withdrawTitle"),
        body: t("applications.actions.withdrawBody"),
      };
  }
}

function done(t: Translator, event: TApplicationEvent, name: string) {
  switch (event) {
    case "accept":
      return t("applications.actions.accepted", { name });
    case "decline":
      return t("applications.actions.declined", { name });
    case "withdraw":
      return t("applications.actions.withdrawn");
  }
}

/**
 * The events the viewer may take now (`allowed_events`, in the contract's order), each asked
 * first in a ConfirmDialog: a settled application never moves again
 * (docs/status-machines.md), so none of them can be undone.
 */
export function ApplicationActions({ application, onChanged }: Props) {
  const t = useTranslations();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<TApplicationEvent | null>(null);
  const name = applicantName(application.user);
  const events = APPLICATION_EVENTS.filter((event) => application.allowedEvents.includes(event));
  const detailKey = applicationKeys.detail(application.id);

  const change = useApiMutation({
    mutationFn: ({ event }: { event: TApplicationEvent }) =>
      transitionApplication(api, application.id, event),
    invalidates: [
      detailKey,
      applicationKeys.lists(),
      ...(application.vacancy ? [applicationKeys.forVacancy(application.vacancy.id)] : []),
    ],
    success: ({ event }) => done(t, event, name),
    failure: () => t("applications.actions.failed"),
    reasons: { 422: t("applications.actions.invalidTransition") },
    onSuccess: (saved) => {
      // The new status and actions at once; the refetch brings the history.
      queryClient.setQueryData<TApplication>(detailKey, (old) =>
        old
          ? {
              ...old,
              status: saved.status,
              allowedEvents: saved.allowedEvents ?? [],
              statusChangedAt: saved.statusChangedAt,
              respondedAt: saved.respondedAt,
            }
          : old,
      );
      setAsking(null);
      onChanged();
    },
    onError: () => {
      setAsking(null);
      return undefined;
    },
  });

  if (events.length === 0) return null;
  const asked = asking ? question(t, asking, name) : null;
  return (
    <div className="flex flex-col gap-2">
      <h3 className="font-bold">{t("applications.detail.actions")}</h3>
      <div className="flex flex-wrap gap-3">
        {events.map((event) => (
          <Button
            key={event}
            size="sm"
            variant={event === "accept" ? "neutral" : "outline"}
            className="min-h-11"
            onClick={() => setAsking(event)}
          >
            {eventLabel(t, event)}
          </Button>
        ))}
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={asked?.title ?? ""}
        confirmLabel={asking ? eventLabel(t, asking) : ""}
        pending={change.isPending}
        pendingLabel={t("applications.actions.pending")}
        tone={asking === "accept" ? "neutral" : "danger"}
        onConfirm={() => {
          if (asking) change.mutate({ event: asking });
        }}
        onCancel={() => setAsking(null)}
      >
        {asked ? <p>{asked.body}</p> : null}
      </ConfirmDialog>
    </div>
  );
}
