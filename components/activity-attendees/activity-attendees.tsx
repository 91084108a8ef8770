"use client";

import { type QueryKey, useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { ListEmpty, TableRegion } from "@/components/lists/list-states";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { activityKeys } from "@/lib/activities/activity-keys";
import { managedActivityKeys } from "@/lib/activities/managed-activity-list";
import { ATTENDEE_LIST, attendeePage } from "@/lib/activity-registrations/attendee-list";
import {
  activityMinutes,
  attendeeName,
  attendeesQuery,
  hasBegun,
  splitAttendees,
  type TAttendee,
} from "@/lib/activity-registrations/attendees";
import { registrationKeys } from "@/lib/activity-registrations/registration-keys";
import { freshActivityQuery } from "@/lib/activity-registrations/registration-queries";
import type { TSignUpActivity } from "@/lib/activity-registrations/registration-types";
import { AttendanceForm } from "./attendance-form";
import { CsvButton } from "./csv-button";
import { GiveBack } from "./give-back";

type TT = ReturnType<typeof useTranslations<"activityAttendees">>;

/**
 * /activiteitenkalender/overzicht/:id/deelnemers (docs/activity-attendees.md): who comes to an
 * activity and who waits, for those who run it. The activity comes from the public read
 * (its counts, fresh through the BFF); its people from the attendee list, which the api
 * gives only to those who run it: anyone else sees its 403 as the error screen.
 */
export function ActivityAttendees({ id }: { id: string }) {
  const t = useTranslations("activityAttendees");
  const activity = useQuery(freshActivityQuery(id));
  return (
    <QueryGate
      query={activity}
      failed={t("activityFailed")}
      errorScreens
      frame={(state) =>
        activity.data ? (
          state
        ) : (
          <div className="flex flex-col gap-6">
            <PageTitle>{t("title")}</PageTitle>
            {state}
          </div>
        )
      }
    >
      {(data) => <AttendeeLists activity={data} />}
    </QueryGate>
  );
}

function AttendeeLists({ activity }: { activity: TSignUpActivity }) {
  const t = useTranslations("activityAttendees");
  const format = useFormatter();
  const list = useListPage(ATTENDEE_LIST);
  // One moment per visit decides whether the activity has begun, so the rows do not change
  // their controls under the pointer; the api decides anyway.
  const [now] = useState(() => Date.now());
  const begun = hasBegun(activity, now);
  const cancelled = activity.status === "cancelled";
  const page = useQuery({
    ...attendeesQuery(activity.id),
    select: (people: TAttendee[]) => attendeePage(people, list.state),
  });
  const everyone = useQuery(attendeesQuery(activity.id));
  const length = activityMinutes(activity);
  const invalidates = [
    registrationKeys.attendees(activity.id),
    registrationKeys.people(activity.id),
    activityKeys.detail(activity.id),
    managedActivityKeys.all,
  ];
  const mode: TRowMode = cancelled ? "none" : begun ? "attendance" : "giveBack";
  const when = format.dateTime(
    new Date(activity.startsAt),
    activity.allDay ? { dateStyle: "full" } : { dateStyle: "full", timeStyle: "short" },
  );

  const title = (
    <>
      <p>
        <Link href="/activiteitenkalender/overzicht" className="inline-block py-2">
          {t("back")}
        </Link>
      </p>
      <PageTitle
        description={
          <>
            {activity.title} · <time dateTime={activity.startsAt}>{when}</time>
          </>
        }
        actions={
          <CsvButton activity={activity} people={everyone.data ? [...everyone.data] : undefined} />
        }
      >
        {t("title")}
      </PageTitle>
      <p>
        {activity.capacity === null
          ? t("places.open", { registered: activity.registrationsCount })
          : t("places.capped", {
              registered: activity.registrationsCount,
              capacity: activity.capacity,
            })}{" "}
        {t("places.waiting", { count: activity.waitlistCount })}
      </p>
      <p className="text-neutral-800">
        {cancelled
          ? t("cancelledNote")
          : begun
            ? length === null
              ? t("attendanceNoLength")
              : t("attendanceNote", { minutes: length })
            : t("beforeNote")}
      </p>
      <h2 className="text-xl font-bold">{t("placed.heading")}</h2>
    </>
  );

  return (
    <div className="flex flex-col gap-8">
      <ListTable
        list={list}
        title={title}
        searchLabel={t("placed.search")}
        query={page}
        texts={{
          loadFailed: t("placed.loadFailed"),
          empty: t("placed.empty"),
          noMatches: t("placed.noMatches"),
          outOfRange: t("placed.outOfRange"),
          firstPage: t("placed.firstPage"),
          tableLabel: t("placed.heading"),
          caption: (count) => t("placed.caption", { count }),
        }}
        columns={[
          { key: "name", label: t("columns.name"), sort: "name" },
          { key: "email", label: t("columns.email") },
          { key: "signedUpAt", label: t("columns.signedUpAt"), sort: "created_at" },
          { key: "status", label: t("columns.status") },
          ...(mode === "none"
            ? []
            : [
                mode === "attendance"
                  ? { key: "attendance", label: t("columns.attendance") }
                  : { key: "actions", label: t("columns.actions"), hideLabel: true },
              ]),
        ]}
        row={(person) => (
          <PersonRow
            key={person.id}
            person={person}
            mode={mode}
            length={length}
            invalidates={invalidates}
          />
        )}
      />
      <WaitingList
        people={everyone.data}
        mode={mode === "giveBack" ? "giveBack" : "none"}
        invalidates={invalidates}
      />
    </div>
  );
}

type TRowMode = "attendance" | "giveBack" | "none";
export type TInvalidates = readonly QueryKey[];

function statusText(t: TT, person: TAttendee): string {
  if (person.status === "waitlisted") {
    return person.waitlistPosition
      ? t("status.waitlisted", { position: person.waitlistPosition })
      : t("status.onWaitlist");
  }
  if (person.attended === true) return t("status.attended", { minutes: person.minutes ?? 0 });
  if (person.attended === false) return t("status.absent");
  return t("status.registered");
}

function SignedUpAt({ at }: { at: string }) {
  const format = useFormatter();
  return (
    <time dateTime={at}>
      {format.dateTime(new Date(at), { dateStyle: "medium", timeStyle: "short" })}
    </time>
  );
}

function PersonRow({
  person,
  mode,
  length,
  invalidates,
}: {
  person: TAttendee;
  mode: TRowMode;
  length: number | null;
  invalidates: TInvalidates;
}) {
  const t = useTranslations("activityAttendees");
  const name = attendeeName(person) || t("noName");
  return (
    <tr className="border-b border-neutral-200 align-top">
      <th scope="row" className="px-3 py-2 font-medium">
        {name}
      </th>
      <td className="px-3 py-2 break-all">{person.email ?? "—"}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        <SignedUpAt at={person.createdAt} />
      </td>
      <td className="px-3 py-2">{statusText(t, person)}</td>
      {mode === "attendance" ? (
        <td className="px-3 py-2">
          <AttendanceForm person={person} name={name} length={length} invalidates={invalidates} />
        </td>
      ) : mode === "giveBack" ? (
        <td className="px-3 py-2">
          <GiveBack person={person} name={name} invalidates={invalidates} />
        </td>
      ) : null}
    </tr>
  );
}

/** The waiting list in its order: who gets the next place that comes free. */
function WaitingList({
  people,
  mode,
  invalidates,
}: {
  people: TAttendee[] | undefined;
  mode: "giveBack" | "none";
  invalidates: TInvalidates;
}) {
  const t = useTranslations("activityAttendees");
  if (!people) return null;
  const { waiting } = splitAttendees(people);
  return (
    <section aria-labelledby="attendees-waiting" className="flex flex-col gap-4">
      <h2 id="attendees-waiting" className="text-xl font-bold">
        {t("waiting.heading")}
      </h2>
      {waiting.length === 0 ? (
        <ListEmpty>{t("waiting.empty")}</ListEmpty>
      ) : (
        <TableRegion label={t("waiting.tableLabel")}>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{t("waiting.caption", { count: waiting.length })}</caption>
            <thead className="border-b-2 border-neutral-300 bg-neutral-50">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("columns.position")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("columns.name")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("columns.email")}
                </th>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("columns.signedUpAt")}
                </th>
                {mode === "giveBack" ? (
                  <th scope="col" className="px-3 py-2 font-semibold">
                    <span className="sr-only">{t("columns.actions")}</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {waiting.map((person) => {
                const name = attendeeName(person) || t("noName");
                return (
                  <tr key={person.id} className="border-b border-neutral-200 align-top">
                    <td className="px-3 py-2">{person.waitlistPosition ?? "—"}</td>
                    <th scope="row" className="px-3 py-2 font-medium">
                      {name}
                    </th>
                    <td className="px-3 py-2 break-all">{person.email ?? "—"}</td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <SignedUpAt at={person.createdAt} />
                    </td>
                    {mode === "giveBack" ? (
                      <td className="px-3 py-2">
                        <GiveBack person={person} name={name} invalidates={invalidates} />
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableRegion>
      )}
    </section>
  );
}
