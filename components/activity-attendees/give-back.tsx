"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { TAttendee } from "@/lib/activity-registrations/attendees";
import { cancelRegistration } from "@/lib/activity-registrations/registration-api";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import type { TInvalidates } from "./activity-attendees";

/**
 * Gives someone's place back (or takes them off the waiting list) after a confirmation;
 * only before the activity begins (the api's 422 `started` says so afterwards).
 */
export function GiveBack({
  person,
  name,
  invalidates,
}: {
  person: TAttendee;
  name: string;
  invalidates: TInvalidates;
}) {
  const t = useTranslations("activityAttendees.giveBack");
  const [open, setOpen] = useState(false);
  const remove = useApiMutation({
    mutationFn: () => cancelRegistration(api, person.id),
    invalidates,
    audited: false,
    success: () => t("done", { name }),
    failure: () => t("failed", { name }),
    reasons: { 422: t("started") },
    onSuccess: () => setOpen(false),
  });
  const waiting = person.status === "waitlisted";
  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
        {waiting ? t("waitingButton") : t("button")}
        <span className="sr-only"> {name}</span>
      </Button>
      <ConfirmDialog
        open={open}
        title={waiting ? t("waitingTitle", { name }) : t("title", { name })}
        confirmLabel={t("confirm")}
        tone="danger"
        pending={remove.isPending}
        pendingLabel={t("pending")}
        onConfirm={() => remove.mutate()}
        onCancel={() => setOpen(false)}
      >
        <p>{waiting ? t("waitingBody", { name }) : t("body", { name })}</p>
      </ConfirmDialog>
    </>
  );
}
