"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { PanelLoadFailed, PanelLoading } from "@/components/layout/panel-load-states";
import { QueryGate } from "@/components/ui/query-gate";
import { useLatestActivity } from "@/lib/activity/use-latest-activity";
import { ActivityItem } from "./activity-item";

type Props = {
  headingId: string;
  /** The disclosure's close. */
  close: (returnFocus?: boolean) => void;
};

/** Where someone who does not recognise an event goes: a new password by mail. */
export const RECOVER_PATH = "/auth/recover";

const controlClass =
  "inline-flex min-h-11 items-center rounded-shape px-3 py-2 font-medium text-neutral-900 hover:bg-neutral-100 hover:text-neutral-900";

/**
 * The activity panel's content, mounted only while it is open, so the request goes out
 * when it opens: the latest ten events, newest first, and what to do about a strange one.
 */
export function ActivityPanel({ headingId, close }: Props) {
  const t = useTranslations("activity");
  const latest = useLatestActivity();

  return (
    <div className="flex flex-col gap-1">
      <h2 id={headingId} className="px-3 pt-1 text-base font-bold text-neutral-900">
        {t("heading")}
      </h2>
      <QueryGate
        query={latest}
        failed={t("loadFailed")}
        loading={<PanelLoading />}
        failure={(message, retry) => (
          <PanelLoadFailed
            message={message}
            retryLabel={t("retry")}
            retryClassName={controlClass}
            onRetry={retry}
          />
        )}
      >
        {/* A panel's empty state is a line where the list would be, not a list's block. */}
        {(events) =>
          events.length === 0 ? (
            <p className="px-3 py-2 text-neutral-800">{t("empty")}</p>
          ) : (
            <ul aria-labelledby={headingId} className="flex flex-col divide-y divide-neutral-200">
              {events.map((event) => (
                <ActivityItem key={event.id} event={event} />
              ))}
            </ul>
          )
        }
      </QueryGate>
      <p className="mt-1 border-t border-neutral-300 px-3 pt-2 pb-1 text-sm text-neutral-800">
        {t.rich("help", {
          link: (chunks) => (
            <Link href={RECOVER_PATH} className="font-medium" onClick={() => close()}>
              {chunks}
            </Link>
          ),
        })}
      </p>
    </div>
  );
}
