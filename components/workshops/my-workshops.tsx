"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ActivityWhen } from "@/components/activities/activity-when";
import { CancelledBadge } from "@/components/activities/cancelled-badge";
import { QueryGate } from "@/components/ui/query-gate";
import { myRegistrationsQuery } from "@/lib/activity-registrations/registration-queries";
import {
  certificatePath,
  myWorkshops,
  type TMyWorkshop,
  type TWorkshopRegistration,
} from "@/lib/workshops/my-workshops";

/**
 * "Mijn workshops" (docs/workshops.md): the workshops the caller has a place at or attended,
 * with the certificate of each they were marked present at. The same query as "Je inzet" on
 * /profiel, which signing up invalidates.
 */
export function MyWorkshops() {
  const t = useTranslations("workshops");
  const mine = useQuery(myRegistrationsQuery());
  return (
    <section aria-labelledby="workshops-mine" className="flex flex-col gap-4">
      <h2 id="workshops-mine" className="text-2xl font-bold">
        {t("mine")}
      </h2>
      <QueryGate query={mine} failed={t("loadFailed")}>
        {(data) => {
          const rows = myWorkshops(data.registrations as TWorkshopRegistration[], Date.now());
          if (rows.length === 0) return <p>{t("mineEmpty")}</p>;
          return (
            <ul className="flex flex-col gap-3" data-testid="my-workshops">
              {rows.map((row) => (
                <MyWorkshop key={row.registration.id} row={row} />
              ))}
            </ul>
          );
        }}
      </QueryGate>
    </section>
  );
}

function MyWorkshop({ row }: { row: TMyWorkshop }) {
  const t = useTranslations("workshops");
  const { registration, activity, state } = row;
  const texts: Record<typeof state, () => string> = {
    registered: () => t("state.registered"),
    waitlisted: () =>
      registration.waitlistPosition
        ? t("state.waitlisted", { position: registration.waitlistPosition })
        : t("state.onWaitlist"),
    attended: () => t("state.attended"),
    absent: () => t("state.absent"),
    unrecorded: () => t("state.unrecorded"),
  };
  const status = texts[state]();
  return (
    <li className="flex flex-col gap-1 rounded-shape border-2 border-neutral-300 bg-white p-4">
      <h3 className="text-lg font-semibold">
        <Link href={`/activiteiten/${activity.id}`} className="inline-block py-1">
          {activity.title}
        </Link>
      </h3>
      <p>
        <ActivityWhen
          activity={{
            startsAt: activity.startsAt,
            endsAt: activity.endsAt ?? null,
            allDay: activity.allDay ?? false,
          }}
        />
      </p>
      <p className="flex flex-wrap items-center gap-2">
        <span>{status}</span>
        {activity.status === "cancelled" ? <CancelledBadge /> : null}
      </p>
      {state === "attended" ? (
        <p>
          <Link href={certificatePath(registration.id)} className="inline-block py-2 font-semibold">
            {t("certificateLink", { title: activity.title })}
          </Link>
        </p>
      ) : null}
    </li>
  );
}
