"use client";

import { useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { ErrorScreen } from "@/components/errors/error-screen";
import { ListLoading } from "@/components/lists/list-states";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { EMPTY_ACTIVITY_FORM } from "@/lib/activities/activity-form";
import { saveNewActivity } from "@/lib/activities/activity-form-api";
import {
  activityWriter,
  type TActivityWriter,
  writableDesks,
  writesActivities,
} from "@/lib/activities/activity-writers";
import { api } from "@/lib/api";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { deskListQuery, type TDeskRecord } from "@/lib/desks/desk-queries";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import { ActivityForm } from "./activity-form";

export const OVERVIEW = "/activiteitenkalender/overzicht";

/**
 * /activiteitenkalender/overzicht/nieuw: a centre's staff, desk managers and superadmins
 * add an activity or a weekly series (activities.create); anyone else gets the 403 screen
 * before any write. Saved as a draft or published; then back to the overview.
 */
export function ActivityAdd() {
  const t = useTranslations("activityForm");
  const user = useQuery(currentUserQuery());
  const organizations = useQuery(currentOrganizationsQuery());
  const desks = useQuery(deskListQuery());
  const title = <PageTitle description={t("add.description")}>{t("add.title")}</PageTitle>;
  return (
    <QueryGate
      query={allOf(allOf(user, organizations), desks)}
      failed={t("loadFailed")}
      loading={
        <>
          {title}
          <ListLoading />
        </>
      }
    >
      {([[me, orgs], deskList]) => {
        const writer = activityWriter(me.roles ?? [], orgs);
        // Someone who runs no activity gets the 403 screen before any write.
        if (!writesActivities(writer)) return <ErrorScreen kind="forbidden" />;
        return (
          <>
            {title}
            <AddForm writer={writer} desks={deskList} />
          </>
        );
      }}
    </QueryGate>
  );
}

function AddForm({ writer, desks }: { writer: TActivityWriter; desks: TDeskRecord[] }) {
  const t = useTranslations("activityForm");
  const router = useRouter();
  const offered = writableDesks(writer, desks);
  // With no desk the activity is the centre's: the writer's own when they staff just one.
  const centreId = writer.centreIds.length === 1 ? writer.centreIds[0] : undefined;
  return (
    <ActivityForm
      mode="add"
      defaultValues={{
        ...EMPTY_ACTIVITY_FORM,
        // A desk manager of one desk adds to it; nothing else is theirs.
        deskId: !offered.noDesk && offered.desks.length === 1 ? offered.desks[0].id : "",
      }}
      desks={offered.desks.map((desk) => ({ value: String(desk.id), label: desk.azcName }))}
      noDesk={offered.noDesk}
      canPublish
      saveLabel={t("actions.saveDraft")}
      save={(values, intent) =>
        saveNewActivity(api, values, { centreId, publish: intent === "publish" })
      }
      failureTitle={t("toasts.createFailed")}
      onSaved={() => router.push(OVERVIEW)}
      cancelHref={OVERVIEW}
    />
  );
}
