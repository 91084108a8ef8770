"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { z } from "zod";
import { ActivityWhen } from "@/components/activities/activity-when";
import { RichTextFormField } from "@/components/rich-text/rich-text-form-field";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import type { TActivity, TDeskWelcome } from "@/lib/activities/types";
import { api } from "@/lib/api";
import { deskKeys } from "@/lib/api/query-keys";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { updateDesk } from "@/lib/desks/desk-admin";
import { welcomeAttributes, welcomeSchema } from "@/lib/desks/desk-form";
import { managedDeskIds } from "@/lib/desks/desk-guard";
import { deskListQuery } from "@/lib/desks/desk-queries";
import {
  activityPeopleQuery,
  deskActivitiesQuery,
  deskWelcomeQuery,
  peopleByStatus,
} from "@/lib/desks/my-desk";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";

/**
 * /mijn-balie: a desk manager's home. For each desk they manage: its activities to come,
 * how many signed up and who, and its welcome text to edit. Someone who manages no desk
 * reads why there is nothing here, not an error (docs/desks-admin.md).
 */
export function MyDeskPage() {
  const t = useTranslations("myDesk");
  const me = useQuery(currentUserQuery());
  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("description")}>{t("title")}</PageTitle>
      <QueryGate query={me} failed={t("loadFailed")} errorScreens>
        {(user) => {
          const ids = managedDeskIds(user.roles ?? []);
          if (ids.length === 0) return <Notice>{t("noDesk")}</Notice>;
          return (
            <div className="flex flex-col gap-10">
              {ids.map((id) => (
                <MyDesk key={id} id={id} />
              ))}
            </div>
          );
        }}
      </QueryGate>
    </div>
  );
}

function MyDesk({ id }: { id: string }) {
  const t = useTranslations("myDesk");
  const desk = useQuery(deskWelcomeQuery(id));
  return (
    <QueryGate query={desk} failed={t("deskFailed")}>
      {(found) => (
        <section aria-labelledby={`my-desk-${id}`} className="flex flex-col gap-6">
          <h2 id={`my-desk-${id}`} className="font-semibold text-2xl">
            {found.azcName}
          </h2>
          <DeskActivities desk={found} />
          <WelcomeForm desk={found} />
        </section>
      )}
    </QueryGate>
  );
}

function DeskActivities({ desk }: { desk: TDeskWelcome }) {
  const t = useTranslations("myDesk");
  const activities = useQuery(deskActivitiesQuery(desk.slug));
  // The desk's public pages exist only while it is on the active list (spec §3).
  const listed = useQuery(deskListQuery());
  const linked = listed.data?.some((d) => d.slug === desk.slug) ?? false;
  const headingId = `my-desk-activities-${desk.id}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="font-semibold text-xl">
        {t("activities.heading")}
      </h3>
      <QueryGate
        query={activities}
        failed={t("activities.failed")}
        empty={{ when: (rows) => rows.length === 0, children: t("activities.empty") }}
      >
        {(rows) => (
          <ul className="flex flex-col gap-3">
            {rows.map((activity) => (
              <ActivityPeople
                key={activity.id}
                activity={activity}
                href={linked ? `/${desk.slug}/activiteiten/${activity.id}` : null}
              />
            ))}
          </ul>
        )}
      </QueryGate>
    </section>
  );
}

function ActivityPeople({ activity, href }: { activity: TActivity; href: string | null }) {
  const t = useTranslations("myDesk.activities");
  const people = useQuery(activityPeopleQuery(activity.id));
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-neutral-300 bg-white p-4">
      <p className="font-semibold text-lg">
        {href ? <Link href={href}>{activity.title}</Link> : activity.title}
      </p>
      <p className="text-neutral-800">
        <ActivityWhen activity={activity} short />
      </p>
      <QueryGate query={people} failed={t("peopleFailed")}>
        {(rows) => {
          const { coming, waiting } = peopleByStatus(rows);
          return (
            <div className="flex flex-col gap-1">
              <p>
                {activity.capacity === null
                  ? t("count", { count: coming.length })
                  : t("countOf", { count: coming.length, capacity: activity.capacity })}
                {waiting.length > 0 ? ` ${t("waiting", { count: waiting.length })}` : null}
              </p>
              {coming.length > 0 ? (
                <ul
                  aria-label={t("whoLabel", { title: activity.title })}
                  className="list-disc ps-6"
                >
                  {coming.map((name, index) => (
                    // Two people may share a name: the position keeps them apart.
                    // biome-ignore lint/suspicious/noArrayIndexKey: names are not unique
                    <li key={`${index}-${name}`}>{name || t("noName")}</li>
                  ))}
                </ul>
              ) : null}
            </div>
          );
        }}
      </QueryGate>
    </li>
  );
}

const welcomeFormSchema = (t: Translator) => z.object(welcomeSchema(t));

/** The desk's welcome text, title and rich text (exported for its dom test). */
export function WelcomeForm({ desk }: { desk: TDeskWelcome }) {
  const t = useTranslations("myDesk.welcome");
  const headingId = useId();
  const { form, formProps, failure, message, pending } = useApiForm({
    schema: welcomeFormSchema,
    defaultValues: { welcomeTitle: desk.welcomeTitle ?? "", welcomeBody: desk.welcomeBody ?? "" },
    fieldLabels: { welcomeTitle: t("titleField"), welcomeBody: t("bodyField") },
    submit: (values) => updateDesk(api, desk.id, welcomeAttributes(values, desk.welcomeBody)),
    invalidates: [deskKeys.detail(desk.id), deskKeys.managed()],
    audited: false,
    success: () => t("saved"),
    failureTitle: t("failed"),
  });
  return (
    <form {...formProps} aria-labelledby={headingId} className="flex flex-col gap-4">
      <h3 id={headingId} className="font-semibold text-xl">
        {t("heading")}
      </h3>
      <p className="text-neutral-800">{t("intro")}</p>
      <FormError title={failure?.title}>{failure?.description}</FormError>
      <TextField
        label={t("titleField")}
        maxLength={200}
        autoComplete="off"
        error={message("welcomeTitle")}
        {...form.register("welcomeTitle")}
      />
      <RichTextFormField
        control={form.control}
        name="welcomeBody"
        label={t("bodyField")}
        hint={t("bodyHint")}
        error={message("welcomeBody")}
      />
      <div>
        <SubmitButton pending={pending} pendingLabel={t("pending")}>
          {t("save")}
        </SubmitButton>
      </div>
    </form>
  );
}
