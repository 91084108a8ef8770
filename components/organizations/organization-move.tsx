"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { z } from "zod";
import { ErrorScreen } from "@/components/errors/error-screen";
import { ListEmpty, ListLoadFailed, ListLoading } from "@/components/lists/list-states";
import { ChoiceGroup } from "@/components/ui/choice-group";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Notice } from "@/components/ui/notice";
import { PageTitle } from "@/components/ui/page-title";
import { SubmitButton } from "@/components/ui/submit-button";
import { managesOrganization } from "@/lib/auth/role-checks";
import { useStaffAccess } from "@/lib/auth/use-staff-access";
import { classifyError } from "@/lib/errors/error-kind";
import { useZodForm } from "@/lib/forms/use-zod-form";
import type { Translator } from "@/lib/i18n/translator";
import { organizationQuery, volunteerCentresQuery } from "@/lib/organizations/organization-queries";
import type { TOrganizationRecord, TVolunteerCentre } from "@/lib/organizations/organization-types";
import { useMoveOrganization } from "@/lib/organizations/use-organization-mutations";

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
  const access = useStaffAccess();
  const query = useQuery(organizationQuery(id));
  const error = query.error ?? (access.status === "error" ? access.error : null);
  if (error) {
    const { kind, code } = classifyError(error);
    return <ErrorScreen kind={kind} code={code} />;
  }
  const organization = query.data;
  if (!organization || access.status !== "ready") {
    return (
      <>
        <PageTitle>{t("move.loadingTitle")}</PageTitle>
        <ListLoading />
      </>
    );
  }
  if (!managesOrganization(access.roles, organization)) return <ErrorScreen kind="forbidden" />;
  return <MoveBody organization={organization} />;
}

function MoveBody({ organization }: { organization: TOrganizationRecord }) {
  const t = useTranslations("organizationForm");
  const router = useRouter();
  const centres = useQuery(volunteerCentresQuery());
  const move = useMoveOrganization();
  const [confirming, setConfirming] = useState<TVolunteerCentre | null>(null);
  const [leaving, setLeaving] = useState(false);
  const form = useZodForm(moveSchema, { defaultValues: { target: "" } });
  const name = organization.name;
  const current = String(organization.volunteerCenterId ?? "");
  const title = (
    <PageTitle description={t("move.description")}>{t("move.title", { name })}</PageTitle>
  );
  const back = (
    <p>
      <Link href="/organizations" className="inline-flex min-h-11 items-center">
        {t("move.back")}
      </Link>
    </p>
  );

  if (organization.type === "VolunteerCenter") {
    return (
      <div className="flex flex-col gap-6">
        {title}
        <Notice>{t("move.centre")}</Notice>
        {back}
      </div>
    );
  }
  if (centres.isPending) {
    return (
      <>
        {title}
        <ListLoading />
      </>
    );
  }
  if (centres.isError) {
    return (
      <>
        {title}
        <ListLoadFailed message={t("centresFailed")} onRetry={() => void centres.refetch()} />
      </>
    );
  }
  const currentCentre = centres.data.find((centre) => centre.id === current);
  const targets = centres.data.filter((centre) => centre.id !== current);
  const submit = form.handleSubmit(({ target }) => {
    setConfirming(targets.find((centre) => centre.id === target) ?? null);
  });

  return (
    <div className="flex flex-col gap-6">
      {title}
      {currentCentre ? <p>{t("move.current", { centre: currentCentre.name })}</p> : null}
      {targets.length === 0 ? (
        <>
          <ListEmpty>{t("move.noTargets")}</ListEmpty>
          {back}
        </>
      ) : (
        <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-6">
          <ChoiceGroup
            legend={t("move.legend")}
            required
            columns={1}
            options={targets.map((centre) => ({ value: centre.id, label: centre.name }))}
            // A choice made can no longer fail "choose one": its message goes at once, not on
            // leaving the group, so the button below does not move under the pointer.
            registration={form.register("target", { onChange: () => form.clearErrors("target") })}
            error={form.formState.errors.target?.message}
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
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t("move.confirmTitle", { name, centre: confirming?.name ?? "" })}
        confirmLabel={t("move.confirm")}
        pending={move.isPending}
        pendingLabel={t("move.pending")}
        tone="neutral"
        onConfirm={() => {
          if (!confirming) return;
          move.mutate(
            { organization, target: confirming },
            {
              onSuccess: () => {
                setLeaving(true);
                router.push("/organizations");
              },
              onSettled: () => setConfirming(null),
            },
          );
        }}
        onCancel={() => setConfirming(null)}
      >
        <p>{t("move.confirmBody", { centre: confirming?.name ?? "" })}</p>
      </ConfirmDialog>
    </div>
  );
}
