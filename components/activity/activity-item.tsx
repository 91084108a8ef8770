"use client";

import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { RelativeTime } from "@/components/ui/relative-time";
import type { TActivityEvent } from "@/lib/activity/activity-types";

/**
 * One event: what happened as a sentence, the browser and system it came from, when, and
 * a note in words when the system did it rather than the user (a lockout).
 */
export function ActivityItem({ event }: { event: TActivityEvent }) {
  const t = useTranslations("activity");

  // One literal key per action, so the messages test sees every use.
  let sentence: string;
  switch (event.action) {
    case "signed_in":
      sentence = t("actions.signedIn");
      break;
    case "signed_out":
      sentence = t("actions.signedOut");
      break;
    case "password_changed":
      sentence = t("actions.passwordChanged");
      break;
    case "password_reset_requested":
      sentence = t("actions.passwordResetRequested");
      break;
    case "account_confirmed":
      sentence = t("actions.accountConfirmed");
      break;
    case "account_locked":
      sentence = t("actions.accountLocked");
      break;
    case "account_unlocked":
      sentence = t("actions.accountUnlocked");
      break;
    default:
      // An action the api added after this build: still a row, never a blank one.
      sentence = t("actions.other");
  }

  return (
    <li className="flex flex-col gap-0.5 px-3 py-2" data-action={event.action}>
      <span className="font-medium text-neutral-900">{sentence}</span>
      {event.client ? (
        <span className="text-sm break-words text-neutral-700">
          {t("client", { client: event.client })}
        </span>
      ) : null}
      <RelativeTime date={event.createdAt} className="text-sm text-neutral-700" />
      {event.bySelf ? null : (
        <span className="mt-1 inline-flex items-center gap-1 self-start rounded-full border border-accent-700 px-2 text-sm font-semibold text-accent-800">
          <Icon name="info" />
          {t("notBySelf")}
        </span>
      )}
    </li>
  );
}
