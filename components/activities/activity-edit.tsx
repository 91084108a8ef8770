"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ListLoading } from "@/components/lists/list-states";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { activityFormValues, type TEditedActivity } from "@/lib/activities/activity-form";
import { managedActivityQuery, saveActivityChanges } from "@/lib/activities/activity-form-api";
import {
  activityWriter,
  type TActivityWriter,
  writableDesks,
} from "@/lib/activities/activity-writers";
import { api } from "@/lib/api";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { deskListQuery, type TDeskRecord } from "@/lib/desks/desk-queries";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import { OVERVIEW } from "./activity-add";
import { ActivityForm } from "./activity-form";

/**
 * /activiteitenkalender/overzicht/:id/bewerken: an activity its writers run, in any status
 * (read in the overview's own scope, docs/activity-form.md): one the caller does not run, or
 * another tenant's, is the 404 screen. An occurrence of a series asks whether its later ones
 * change too.
 */
export function ActivityEdit({ id }: { id: string }) {
  const t = useTranslations("activityForm");
  const activity = useQuery(managedActivityQuery(id));
  const user = useQuery(currentUserQuery());
  const organizations = useQuery(currentOrganizationsQuery());
  const desks = useQuery(deskListQuery());
  return (
    <QueryGate
      query={allOf(allOf(activity, desks), allOf(user, organizations))}
      failed={t("loadFailed")}
      errorScreens
      loading={
        <>
          <PageTitle>{t("edit.loadingTitle")}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {([[record, deskList], [me, orgs]]) => (
        <EditBody
          activity={record}
          writer={activityWriter(me.roles ?? [], orgs)}
          desks={deskList}
        />
      )}
    </QueryGate>
  );
}

function EditBody({
  activity,
  writer,
  desks,
}: {
  activity: TEditedActivity;
  writer: TActivityWriter;
  desks: TDeskRecord[];
}) {
  const t = useTranslations("activityForm");
  const router = useRouter();
  const offered = writableDesks(writer, desks, String(activity.volunteerCenterId));
  const choices = offered.desks.map((desk) => ({ value: String(desk.id), label: desk.azcName }));
  // The desk it is at stays on offer, even where the active list leaves it out.
  // A desk missing from the choices would silently read as "no desk" and be cleared on save.
  const current = activity.deskId == null ? null : String(activity.deskId);
  if (current !== null && !choices.some((choice) => choice.value === current)) {
    choices.unshift({ value: current, label: activity.desk?.azcName ?? current });
  }
  const initial = activityFormValues(activity);
  const draft = activity.status === "draft";
  const inSeries = activity.seriesId != null;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("edit.description")}>
        {t("edit.title", { title: activity.title })}
      </PageTitle>
      <ActivityForm
        mode="edit"
        defaultValues={initial}
        desks={choices}
        noDesk={offered.noDesk || activity.deskId == null}
        inSeries={inSeries}
        canPublish={draft}
        saveLabel={draft ? t("actions.saveDraft") : t("actions.save")}
        save={(values, intent) =>
          saveActivityChanges(api, activity.id, values, {
            initial,
            publish: intent === "publish",
            inSeries,
          })
        }
        failureTitle={t("toasts.saveFailed")}
        onSaved={() => router.push(OVERVIEW)}
        cancelHref={OVERVIEW}
      />
    </div>
  );
}
