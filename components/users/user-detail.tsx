"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { PageTitle } from "@/components/ui/page-title";
import { useAuth } from "@/lib/auth/use-auth";
import { deskListQuery } from "@/lib/desks/desk-queries";
import { userStatusLabel } from "@/lib/i18n/labels";
import { organizationQuery } from "@/lib/organizations/organization-queries";
import { administersUser } from "@/lib/users/user-permissions";
import { describeRole, namesById, sortRoles, type TResourceNames } from "@/lib/users/user-roles";
import { localeChoices } from "@/lib/users/user-schema";
import { type TUserRecord, userDisplayName } from "@/lib/users/user-types";
import { UserActions } from "./user-actions";
import { UserHistory } from "./user-history";
import { UserLoader } from "./user-loader";
import { UserMessageSection } from "./user-message-section";

/**
 * /users/:id: one user's details and roles, what an admin may do with them
 * (edit, roles, resend, deactivate or activate, archive), for a centre's staff a message to
 * them, and, for centre admins and superadmins, their recent audit entries.
 */
export function UserDetail({ id }: { id: string }) {
  return <UserLoader id={id}>{(user) => <UserDetailBody user={user} />}</UserLoader>;
}

function UserDetailBody({ user }: { user: TUserRecord }) {
  const t = useTranslations("userAdmin");
  const tAll = useTranslations();
  const format = useFormatter();
  const auth = useAuth();
  const desks = useQuery(deskListQuery());
  const names: TResourceNames = {
    organizations: namesById(user.organizations, (o) => o.name),
    desks: namesById(desks.data, (d) => d.azcName),
  };
  const viewer = { id: auth.user?.id ?? null, roles: auth.roles };
  const manages = administersUser(viewer, user);
  const own = viewer.id === String(user.id);
  const roles = sortRoles(user.roles ?? []);
  const date = (iso: string) =>
    format.dateTime(new Date(iso), { dateStyle: "long", timeStyle: "short" });
  const language =
    localeChoices(tAll).find((choice) => choice.value === user.locale)?.label ?? user.locale;

  return (
    <div className="flex flex-col gap-8">
      <div>
        <p className="mb-2">
          <Link href="/users" className="inline-flex min-h-11 items-center">
            {t("detail.backToList")}
          </Link>
        </p>
        <PageTitle
          actions={
            manages || own ? (
              <ButtonLink href={`/users/${user.id}/edit`} size="sm" className="min-h-11">
                {t("detail.edit")}
              </ButtonLink>
            ) : null
          }
        >
          {userDisplayName(user)}
        </PageTitle>
      </div>

      <Section id="user-details" title={t("detail.detailsHeading")}>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <Row label={t("fields.email")}>
            <a href={`mailto:${user.email}`} className="break-all">
              {user.email}
            </a>
          </Row>
          <Row label={t("fields.phone")}>{user.phone || t("detail.notGiven")}</Row>
          <Row label={t("fields.locale")}>{language}</Row>
          <Row label={t("columns.status")}>{userStatusLabel(tAll, user.status)}</Row>
          <Row label={t("detail.centre")}>
            <CentreName id={user.volunteerCenterId} />
          </Row>
          <Row label={t("detail.confirmed")}>
            {user.confirmedAt ? (
              <>
                {t("detail.confirmedOn")}{" "}
                <time dateTime={user.confirmedAt}>{date(user.confirmedAt)}</time>
              </>
            ) : (
              t("detail.notConfirmed")
            )}
          </Row>
          <Row label={t("columns.createdAt")}>
            <time dateTime={user.createdAt}>{date(user.createdAt)}</time>
          </Row>
        </dl>
      </Section>

      <Section id="user-roles" title={t("detail.rolesHeading")}>
        {roles.length > 0 ? (
          <ul className="list-disc pl-6">
            {roles.map((role) => (
              <li key={role.id}>{describeRole(tAll, role, names)}</li>
            ))}
          </ul>
        ) : (
          <p>{t("roles.none")}</p>
        )}
        {manages ? (
          <p className="mt-3">
            <Link href={`/users/${user.id}/add_role`} className="inline-flex min-h-11 items-center">
              {t("detail.manageRoles")}
            </Link>
          </p>
        ) : null}
      </Section>

      <UserMessageSection user={user} viewer={viewer} />

      {manages ? (
        <Section id="user-actions" title={t("detail.actionsHeading")}>
          <UserActions user={user} viewer={viewer} />
        </Section>
      ) : null}

      <UserHistory user={user} names={names} />
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h2 id={id} className="font-bold text-xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium">{label}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The user's volunteer centre by name (an approved centre is public), else its number. */
function CentreName({ id }: { id: TUserRecord["volunteerCenterId"] }) {
  const t = useTranslations("userAdmin");
  const centreId = id === null || id === undefined ? null : String(id);
  const centre = useQuery({ ...organizationQuery(centreId ?? ""), enabled: centreId !== null });
  if (centreId === null) return <>{t("detail.noCentre")}</>;
  return <>{centre.data?.name ?? t("detail.centreNumber", { id: centreId })}</>;
}
