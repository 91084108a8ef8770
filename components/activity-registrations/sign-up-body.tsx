"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { activityKeys } from "@/lib/activities/activity-keys";
import {
  cancelRegistration,
  registrationRefusal,
  signUpForActivity,
} from "@/lib/activity-registrations/registration-api";
import { registrationKeys } from "@/lib/activity-registrations/registration-keys";
import {
  freshActivityQuery,
  ownRegistrationQuery,
} from "@/lib/activity-registrations/registration-queries";
import type {
  TActivityRegistration,
  TSignUpActivity,
} from "@/lib/activity-registrations/registration-types";
import { cancelRefusalText, signUpRefusalText } from "@/lib/activity-registrations/sign-up-refusal";
import { api } from "@/lib/api";
import { isApiError } from "@/lib/api/errors";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import type { Translator } from "@/lib/i18n/translator";

/** The sentence that says where the caller stands: also the toast after signing up. */
function registrationText(t: Translator, registration: TActivityRegistration): string {
  if (registration.status === "registered") return t("activitySignUp.panel.registered");
  return registration.waitlistPosition
    ? t("activitySignUp.panel.waitlisted", { position: registration.waitlistPosition })
    : t("activitySignUp.panel.onWaitlist");
}

/**
 * What a signed-in visitor sees under "Aanmelden" (docs/activity-sign-up.md): their live
 * registration, or what signing up would give them now. Both are read fresh: the page
 * around the island is cached for everyone.
 */
export function SignUpBody({ activityId }: { activityId: string }) {
  const t = useTranslations();
  const registration = useQuery(ownRegistrationQuery(activityId));
  const activity = useQuery(freshActivityQuery(activityId));
  return (
    <QueryGate
      query={allOf(registration, activity)}
      failed={t("activitySignUp.panel.lookupFailed")}
    >
      {([own, fresh]) => <SignUpState activityId={activityId} own={own} activity={fresh} />}
    </QueryGate>
  );
}

type TNotice = { text: string; refused: boolean };

function SignUpState({
  activityId,
  own,
  activity,
}: {
  activityId: string;
  own: TActivityRegistration | null;
  activity: TSignUpActivity;
}) {
  const t = useTranslations();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<TNotice | null>(null);
  const [asking, setAsking] = useState(false);
  const statusRef = useRef<HTMLDivElement>(null);
  // Bumped after an action that removes the button it was started from: focus goes to what
  // the action changed instead of being lost (WCAG 2.4.3), once that has rendered.
  const [focusTurn, setFocusTurn] = useState(0);
  useEffect(() => {
    if (focusTurn > 0) statusRef.current?.focus();
  }, [focusTurn]);
  const moveFocus = () => setFocusTurn((turn) => turn + 1);

  const ownKey = registrationKeys.forActivity(activityId);
  // A sign-up or cancellation changes this registration, the activity's counts and the
  // caller's list on /profiel; nothing else.
  const affected = [ownKey, activityKeys.detail(activityId), registrationKeys.mine()];

  const signUp = useApiMutation({
    mutationFn: () => signUpForActivity(api, activityId),
    invalidates: affected,
    // The volunteer's own step, not an administrative change: no audit entry to refresh.
    audited: false,
    success: (_, registration) => registrationText(t, registration),
    onSuccess: (registration) => {
      // The answer is the new state: show it now, not after the refetch.
      queryClient.setQueryData(ownKey, registration);
      setNotice(null);
      moveFocus();
    },
    onError: (error) => {
      setNotice({ text: signUpRefusalText(t, error), refused: true });
      // The refusal says this page was behind: fetch what it was behind on. The button
      // goes away with it, so focus goes to the explanation.
      switch (registrationRefusal(error)) {
        case "taken":
          void queryClient.invalidateQueries({
            queryKey: registrationKeys.forActivity(activityId),
          });
          moveFocus();
          break;
        case "registration_closed":
          void queryClient.invalidateQueries({ queryKey: activityKeys.detail(activityId) });
          moveFocus();
          break;
      }
      return "handled";
    },
  });

  const cancel = useApiMutation({
    mutationFn: (id: string) => cancelRegistration(api, id),
    invalidates: affected,
    audited: false,
    success: () => t("activitySignUp.panel.cancelled"),
    onSuccess: () => {
      queryClient.setQueryData(ownKey, null);
      setAsking(false);
      setNotice({ text: t("activitySignUp.panel.cancelled"), refused: false });
      moveFocus();
    },
    onError: (error) => {
      setAsking(false);
      setNotice({ text: cancelRefusalText(t, error), refused: true });
      // Gone already (cancelled in another tab): show that it is.
      if (isApiError(error) && error.statusCode === 404)
        void queryClient.invalidateQueries({
          queryKey: registrationKeys.forActivity(activityId),
        });
      moveFocus();
      return "handled";
    },
  });

  // Signing up happens on another site, which the page already links to.
  if (!own && activity.registrationUrl) return null;

  // Once it has begun, cancelling would no longer free a place for anyone.
  const started = new Date(activity.startsAt).getTime() <= Date.now();
  const full = activity.spotsLeft === 0;
  let line: string | null;
  if (own) line = registrationText(t, own);
  else if (!activity.registrationOpen) line = t("activitySignUp.panel.closed");
  else if (full) line = t("activitySignUp.panel.full");
  else if (activity.spotsLeft !== null)
    line = t("activitySignUp.panel.spotsLeft", { count: activity.spotsLeft });
  else line = null;

  return (
    <div className="flex flex-col items-start gap-3">
      {/* One polite region from the start, so each change of state is announced. */}
      <div ref={statusRef} role="status" tabIndex={-1} className="flex flex-col gap-2">
        {notice ? (
          <p
            className={
              notice.refused
                ? "rounded-shape border-2 border-danger-700 bg-danger-50 p-3 font-semibold text-danger-800"
                : "font-semibold"
            }
          >
            {notice.text}
          </p>
        ) : null}
        {line ? <p className={own ? "font-semibold" : undefined}>{line}</p> : null}
      </div>
      {own ? (
        started ? null : (
          <Button variant="outline" size="sm" className="min-h-11" onClick={() => setAsking(true)}>
            {t("activitySignUp.panel.cancel")}
          </Button>
        )
      ) : activity.registrationOpen ? (
        <Button
          aria-disabled={signUp.isPending}
          onClick={() => {
            if (!signUp.isPending) signUp.mutate(undefined);
          }}
        >
          {signUp.isPending
            ? t("activitySignUp.panel.signingUp")
            : full
              ? t("activitySignUp.panel.joinWaitlist")
              : t("activitySignUp.panel.signUp")}
        </Button>
      ) : null}
      {/* Mounted throughout, so it closes through its own effect when a cancel is done. */}
      <ConfirmDialog
        open={asking && own !== null}
        title={t("activitySignUp.panel.cancelTitle")}
        confirmLabel={t("activitySignUp.panel.cancel")}
        pending={cancel.isPending}
        pendingLabel={t("activitySignUp.panel.cancelling")}
        onConfirm={() => {
          if (own) cancel.mutate(own.id);
        }}
        onCancel={() => setAsking(false)}
      >
        <p>
          {own?.status === "waitlisted"
            ? t("activitySignUp.panel.cancelWaitlisted")
            : t("activitySignUp.panel.cancelRegistered")}
        </p>
      </ConfirmDialog>
    </div>
  );
}
