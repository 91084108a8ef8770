"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { ErrorScreen } from "@/components/errors/error-screen";
import { ListLoading } from "@/components/lists/list-states";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormError } from "@/components/ui/form-error";
import { Notice } from "@/components/ui/notice";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { SubmitButton } from "@/components/ui/submit-button";
import { api } from "@/lib/api";
import { userKeys } from "@/lib/api/query-keys";
import { managesOrganization } from "@/lib/auth/role-checks";
import { useStaffAccessQuery } from "@/lib/auth/use-staff-access";
import { useApiForm } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";
import { moveOrganization } from "@/lib/organizations/organization-api";
import { organizationQuery, volunteerCentresQuery } from "@/lib/organizations/organization-queries";
import type { TOrganizationRecord, TVolunteerCentre } from "@/lib/organizations/organization-types";
import { organizationChangeKeys } from "@/lib/organizations/use-organization-mutations";

const moveSchema = (t: Translator) =>
  z.object({ target: z.string().min(1, t("organizationForm.move.chooseCentre")) });

/**
 * /organizations/:id/move: hands an organization over to another volunteer centre
 * of the tenant, where the tenant allows it (spec §1; the page itself is a 404 elsewhere).
 * Its current centre's admins and superadmins (organizations.move); a confirmation first,
 * since the user may no longer manage it afterwards.
 */
export function OrganizationMove({ id }: { id: string }) {
  const t = useTranslations("organizationForm");
  const access = useStaffAccessQuery();
  const query = useQuery(organizationQuery(id));
  return (
    <QueryGate
      query={allOf(query, access)}
      failed={t("loadFailed")}
      errorScreens
      loading={
        <>
          <PageTitle>{t("move.loadingTitle")}</PageTitle>
          <ListLoading />
        </>
      }
    >
      {([organization, { roles }]) =>
        managesOrganization(roles, organization) ? (
          <MoveBody organization={organization} />
        ) : (
          <ErrorScreen kind="forbidden" />
        )
      }
    </QueryGate>
  );
}

function MoveBody({ organization }: { organization: TOrganizationRecord }) {
  const t = useTranslations("organizationForm");
  const isCentre = organization.type === "VolunteerCenter";
  // A centre has no centre to move from: it asks for no list.
  const centres = useQuery({ ...volunteerCentresQuery(), enabled: !isCentre });
  const current = String(organization.volunteerCenterId ?? "");
  const currentCentre = centres.data?.find((centre) => centre.id === current);
  const noTargets = (all: readonly TVolunteerCentre[]) => all.every((c) => c.id === current);
  const back = (
    <p>
      <Link href="/organizations" className="inline-flex min-h-11 items-center">
        {t("move.back")}
      </Link>
    </p>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("move.description")}>
        {t("move.title", { name: organization.name })}
      </PageTitle>
      {isCentre ? (
        <>
          <Notice>{t("move.centre")}</Notice>
          {back}
        </>
      ) : (
        <>
          {currentCentre ? <p>{t("move.current", { centre: currentCentre.name })}</p> : null}
          <QueryGate
            query={centres}
            failed={t("centresFailed")}
            empty={{ when: noTargets, children: t("move.noTargets") }}
          >
            {(all) => (
              <MoveForm
                organization={organization}
                targets={all.filter((centre) => centre.id !== current)}
              />
            )}
          </QueryGate>
          {centres.data && noTargets(centres.data) ? back : null}
        </>
      )}
    </div>
  );
}

function MoveForm({
  organization,
  targets,
}: {
  organization: TOrganizationRecord;
  targets: readonly TVolunteerCentre[];
}) {
  const t = useTranslations("organizationForm");
  const router = useRouter();
  // Stays true from success until the list replaces this page.
  const [leaving, setLeaving] = useState(false);
  const name = organization.name;
  const centreName = (id: string | undefined) => targets.find((c) => c.id === id)?.name ?? "";
  const { form, formProps, failure, message, pending, confirmation } = useApiForm({
    schema: moveSchema,
    defaultValues: { target: "" },
    fieldLabels: { target: t("move.legend") },
    submit: ({ target }) => moveOrganization(api, organization.id, target),
    // The organisation's own queries, and the user lists: a centre admin's list holds the
    // people of the organisations in their centre, which this one now leaves or joins.
    invalidates: (moved) => [...organizationChangeKeys(moved), userKeys.lists()],
    audited: true,
    success: (_moved, { target }) => t("toasts.moved", { name, centre: centreName(target) }),
    failureTitle: t("toasts.moveFailed", { name }),
    reasons: { 403: t("toasts.moveForbidden") },
    // The api names the target centre by its attribute.
    fields: { volunteerCenterId: "target" },
    // The user may no longer manage the organisation afterwards: ask first.
    confirmFirst: true,
    onSuccess: () => {
      setLeaving(true);
      router.push("/organizations");
    },
  });
  const asking = centreName(confirmation.values?.target);

  return (
    <>
      <form {...formProps} className="flex flex-col gap-6">
        <FormError title={failure?.title}>{failure?.description}</FormError>
        <ChoiceGroup
          legend={t("move.legend")}
          required
          columns={1}
          options={targets.map((centre) => ({ value: centre.id, label: centre.name }))}
          // A choice made can no longer fail "choose one": its message goes at once, not on
          // leaving the group, so the button below does not move under the pointer.
          registration={form.register("target", { onChange: () => form.clearErrors("target") })}
          error={message("target")}
        />
        <div className="flex flex-wrap items-center gap-4">
          <SubmitButton pending={leaving} pendingLabel={t("move.pending")}>
            {t("move.submit")}
          </SubmitButton>
          <Link href="/organizations" className="inline-flex min-h-11 items-center">
            {t("cancel")}
          </Link>
        </div>
      </form>
      <ConfirmDialog
        open={confirmation.values !== null}
        title={t("move.confirmTitle", { name, centre: asking })}
        confirmLabel={t("move.confirm")}
        pending={pending}
        pendingLabel={t("move.pending")}
        tone="neutral"
        onConfirm={() => void confirmation.confirm()}
        onCancel={confirmation.cancel}
      >
        <p>{t("move.confirmBody", { centre: asking })}</p>
      </ConfirmDialog>
    </>
  );
}
