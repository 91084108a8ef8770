"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { Button, ButtonLink } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageTitle } from "@/components/ui/page-title";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { api } from "@/lib/api";
import { deskKeys } from "@/lib/api/query-keys";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import type { TReadyAccess } from "@/lib/auth/use-staff-access";
import {
  deleteDesk,
  managedDesksQuery,
  splitDesks,
  type TInactiveReason,
  type TManagedDesk,
} from "@/lib/desks/desk-admin";
import { volunteerCentresQuery } from "@/lib/organizations/organization-queries";
import type { TVolunteerCentre } from "@/lib/organizations/organization-types";
import { DeskForm } from "./desk-form";

/** The centres a user may put a desk in: all for a superadmin, else those they administer. */
export function deskCentres(access: TReadyAccess, centres: readonly TVolunteerCentre[]) {
  return access.superadmin ? [...centres] : centres.filter((c) => access.centreIds.includes(c.id));
}

/**
 * /nov/baliebeheer: the desks of the centres the user administers (superadmins: all).
 * spec §3's active list (not 'Balie NOV', with coordinates, by azcName), and apart from it
 * the desks that are not on it, with the reason, so they can be fixed. Each is edited in
 * place and deleted after a confirmation (docs/desks-admin.md).
 */
export function DeskManagementPage() {
  return <StaffGate allow={centreStaff}>{(access) => <Body access={access} />}</StaffGate>;
}

function Body({ access }: { access: TReadyAccess }) {
  const t = useTranslations("deskAdmin");
  const desks = useQuery(managedDesksQuery());
  const centres = useQuery(volunteerCentresQuery());
  const [removing, setRemoving] = useState<TManagedDesk | null>(null);
  return (
    <>
      <QueryGate
        query={allOf(desks, centres)}
        failed={t("loadFailed")}
        errorScreens
        frame={(state) => (
          <div className="flex flex-col gap-6">
            <PageTitle
              description={t("description")}
              actions={<ButtonLink href="/nov/baliebeheer/toevoegen">{t("add")}</ButtonLink>}
            >
              {t("title")}
            </PageTitle>
            {state}
          </div>
        )}
      >
        {([rows, all]) => (
          <DeskSections
            desks={rows}
            centres={deskCentres(access, all)}
            centreNames={new Map(all.map((c) => [c.id, c.name]))}
            onDelete={setRemoving}
          />
        )}
      </QueryGate>
      <DeleteDeskDialog desk={removing} onDone={() => setRemoving(null)} />
    </>
  );
}

function DeskSections({
  desks,
  centres,
  centreNames,
  onDelete,
}: {
  desks: readonly TManagedDesk[];
  centres: readonly TVolunteerCentre[];
  centreNames: ReadonlyMap<string, string>;
  onDelete: (desk: TManagedDesk) => void;
}) {
  const t = useTranslations("deskAdmin");
  const { active, inactive } = splitDesks(desks);
  const row = (desk: TManagedDesk, reason: TInactiveReason | null) => (
    <DeskRow
      key={desk.id}
      desk={desk}
      reason={reason}
      centres={centres}
      centreName={centreNames.get(String(desk.volunteerCenterId)) ?? ""}
      onDelete={onDelete}
    />
  );
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="desks-active" className="flex flex-col gap-3">
        <h2 id="desks-active" className="font-semibold text-2xl">
          {t("active.heading")}
        </h2>
        {active.length === 0 ? (
          <p>{t("active.empty")}</p>
        ) : (
          <ul className="flex flex-col gap-3">{active.map((desk) => row(desk, null))}</ul>
        )}
      </section>
      <section aria-labelledby="desks-inactive" className="flex flex-col gap-3">
        <h2 id="desks-inactive" className="font-semibold text-2xl">
          {t("inactive.heading")}
        </h2>
        <p className="text-neutral-800">{t("inactive.intro")}</p>
        {inactive.length === 0 ? (
          <p>{t("inactive.empty")}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {inactive.map(({ desk, reason }) => row(desk, reason))}
          </ul>
        )}
      </section>
    </div>
  );
}

function DeskRow({
  desk,
  reason,
  centres,
  centreName,
  onDelete,
}: {
  desk: TManagedDesk;
  reason: TInactiveReason | null;
  centres: readonly TVolunteerCentre[];
  centreName: string;
  onDelete: (desk: TManagedDesk) => void;
}) {
  const t = useTranslations("deskAdmin");
  const [editing, setEditing] = useState(false);
  const formId = `desk-form-${desk.id}`;
  const place = [desk.address?.street, desk.address?.houseNumber, desk.address?.city]
    .filter(Boolean)
    .join(" ");
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-neutral-300 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold text-lg">
            {reason === null ? (
              <Link href={`/${desk.slug}/welkom`}>{desk.azcName}</Link>
            ) : (
              desk.azcName
            )}
          </h3>
          <p className="text-neutral-800">
            {[centreName, place, `/${desk.slug}`].filter(Boolean).join(" · ")}
          </p>
          {reason ? (
            <p className="font-semibold text-neutral-900">
              {reason === "excludedName" ? t("inactive.excludedName") : t("inactive.noCoordinates")}
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            aria-expanded={editing}
            aria-controls={formId}
            onClick={() => setEditing((open) => !open)}
          >
            {editing ? t("closeEdit") : t("edit")}
            <span className="sr-only"> {desk.azcName}</span>
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDelete(desk)}>
            {t("delete.button")}
            <span className="sr-only"> {desk.azcName}</span>
          </Button>
        </div>
      </div>
      {editing ? (
        <div id={formId} className="border-neutral-300 border-t pt-4">
          <DeskForm
            desk={desk}
            centres={centres}
            onSaved={() => setEditing(false)}
            onCancel={() => setEditing(false)}
          />
        </div>
      ) : null}
    </li>
  );
}

function DeleteDeskDialog({ desk, onDone }: { desk: TManagedDesk | null; onDone: () => void }) {
  const t = useTranslations("deskAdmin.delete");
  const tCommon = useTranslations("common");
  const name = desk?.azcName ?? "";
  const remove = useApiMutation({
    mutationFn: (target: TManagedDesk) => deleteDesk(api, target.id),
    invalidates: [deskKeys.all],
    audited: false,
    success: (target) => t("done", { name: target.azcName }),
    failure: (target) => t("failed", { name: target.azcName }),
    reasons: { 422: t("hasUpcoming") },
    onSuccess: onDone,
  });
  return (
    <ConfirmDialog
      open={desk !== null}
      title={t("confirmTitle", { name })}
      confirmLabel={t("confirm")}
      tone="danger"
      pending={remove.isPending}
      pendingLabel={tCommon("busy")}
      onConfirm={() => {
        if (desk) remove.mutate(desk);
      }}
      onCancel={onDone}
    >
      <p>{t("confirmBody", { name })}</p>
    </ConfirmDialog>
  );
}
