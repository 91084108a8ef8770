"use client";

import { useQueries, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { ActivityWhen } from "@/components/activities/activity-when";
import { CancelledBadge } from "@/components/activities/cancelled-badge";
import { QueryGate, type TGateQuery } from "@/components/ui/query-gate";
import { dayOf } from "@/lib/activities/calendar";
import {
  activitiesToLookUp,
  hoursGiven,
  type TCommitmentActivity,
  type TCommitmentRow,
  upcomingRegistrations,
} from "@/lib/activity-registrations/commitment";
import {
  freshActivityQuery,
  myRegistrationsQuery,
} from "@/lib/activity-registrations/registration-queries";
import type { TMyRegistrations } from "@/lib/activity-registrations/registration-types";

/**
 * "Je inzet" on /profiel (docs/activity-sign-up.md): the hours the organisers recorded for
 * the caller this year, and the activities they are signed up for that are still to come.
 */
export function CommitmentSection() {
  const t = useTranslations("activitySignUp.commitment");
  const mine = useQuery(myRegistrationsQuery());
  // The list asks for its activities with include=activity; any it did not include are
  // read one by one, so every row can have its title and date.
  const missing = activitiesToLookUp(mine.data?.registrations ?? []);
  const lookups = useQueries({
    queries: missing.map((id) => freshActivityQuery(id)),
  });
  const lookedUp = new Map<string, TCommitmentActivity>();
  missing.forEach((id, index) => {
    const data = lookups[index]?.data;
    if (data) lookedUp.set(id, data);
  });
  const settled = lookups.every((lookup) => !lookup.isPending);
  const gate: TGateQuery<TMyRegistrations> = {
    data: settled ? mine.data : undefined,
    error: mine.error,
    refetch: mine.refetch,
  };
  return (
    <section aria-labelledby="profile-commitment" className="flex flex-col gap-3">
      <h2 id="profile-commitment" className="text-xl font-bold">
        {t("heading")}
      </h2>
      <QueryGate query={gate} failed={t("loadFailed")}>
        {(data) => (
          <Commitment
            minutes={data.minutesThisYear}
            rows={upcomingRegistrations(data.registrations, lookedUp, dayOf(Date.now()))}
          />
        )}
      </QueryGate>
    </section>
  );
}

function Commitment({ minutes, rows }: { minutes: number; rows: TCommitmentRow[] }) {
  const t = useTranslations("activitySignUp.commitment");
  const format = useFormatter();
  const hours = hoursGiven(minutes);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <p className="text-2xl font-bold">
          {t("hours", { count: hours, hours: format.number(hours, { maximumFractionDigits: 1 }) })}
        </p>
        <p className="max-w-prose text-neutral-800">{t("hoursNote")}</p>
      </div>
      <h3 className="text-lg font-bold">{t("upcoming")}</h3>
      {rows.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {rows.map((row) => (
            <Row key={row.registration.id} row={row} />
          ))}
        </ul>
      ) : (
        <p>
          {t("none")}{" "}
          <Link href="/activiteiten" className="inline-block py-2">
            {t("browse")}
          </Link>
        </p>
      )}
    </div>
  );
}

function Row({ row }: { row: TCommitmentRow }) {
  const t = useTranslations("activitySignUp.commitment");
  const { registration, activity } = row;
  const status =
    registration.status === "registered"
      ? t("registered")
      : registration.waitlistPosition
        ? t("waitlisted", { position: registration.waitlistPosition })
        : t("onWaitlist");
  return (
    <li className="flex flex-col gap-1 rounded-shape border-2 border-neutral-300 p-3">
      <Link href={`/activiteiten/${row.activityId}`} className="inline-block py-2 font-semibold">
        {activity?.title ?? t("unknownActivity")}
      </Link>
      {activity ? <ActivityWhen activity={activity} /> : null}
      <p className="flex flex-wrap items-center gap-2">
        <span>{status}</span>
        {activity?.status === "cancelled" ? <CancelledBadge /> : null}
      </p>
    </li>
  );
}
