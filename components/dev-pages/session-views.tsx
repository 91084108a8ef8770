"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { QueryGate } from "@/components/ui/query-gate";
import { isApiError } from "@/lib/api/errors";
import type { CurrentUser, Role } from "@/lib/auth/auth-state";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { useAuth } from "@/lib/auth/use-auth";

// What the web knows of the session, for developers. Never a token: the browser has none
// (they live in the sealed cookie, ARCHITECTURE.md decision 4), and these pages show
// only the status, the user's id and address, and the roles.

function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-neutral-900">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function RoleList({ roles }: { roles: readonly Role[] }) {
  const t = useTranslations("devPages.session");
  if (roles.length === 0) return <p className="mt-4 text-neutral-800">{t("noRoles")}</p>;
  return (
    <ul aria-label={t("roles")} className="mt-4 list-disc pl-6 text-neutral-900">
      {roles.map((role) => (
        <li key={role.id}>
          <code>{role.name}</code>{" "}
          {role.resourceType
            ? t("scoped", { type: role.resourceType, id: String(role.resourceId ?? "*") })
            : t("global")}
        </li>
      ))}
    </ul>
  );
}

const userRows = (
  labels: { id: string; email: string },
  user: CurrentUser | null,
): [string, string][] => [
  [labels.id, user?.id ?? "—"],
  [labels.email, user?.email ?? "—"],
];

/** /test/auth: the browser's auth state (signed in or not) as the toolbar reads it. */
export function AuthView() {
  const t = useTranslations("devPages.session");
  const auth = useAuth();
  return (
    <Facts
      rows={[
        [t("status"), auth.status === "SIGNED_IN" ? t("signedIn") : t("signedOut")],
        [t("userLoaded"), auth.user ? t("yes") : t("no")],
        [t("roleCount"), String(auth.roles.length)],
      ]}
    />
  );
}

/** /test/user: GET /api/v1/current_user?include=roles through the BFF, as the pages load it. */
export function UserView() {
  const t = useTranslations("devPages.session");
  const user = useQuery(currentUserQuery());
  return (
    <QueryGate
      query={user}
      failed={t("userFailed")}
      refused={(error) =>
        isApiError(error) && error.statusCode === 401 ? (
          <p className="text-neutral-800">{t("signedOutUser")}</p>
        ) : undefined
      }
    >
      {(current) => (
        <>
          <Facts rows={userRows({ id: t("userId"), email: t("email") }, current)} />
          <RoleList roles={current.roles ?? []} />
        </>
      )}
    </QueryGate>
  );
}

/** /test/user-store: the user and roles the auth store holds (filled by the toolbar's load). */
export function UserStoreView() {
  const t = useTranslations("devPages.session");
  const auth = useAuth();
  return (
    <>
      <Facts
        rows={[
          [t("status"), auth.status === "SIGNED_IN" ? t("signedIn") : t("signedOut")],
          ...userRows({ id: t("userId"), email: t("email") }, auth.user),
        ]}
      />
      <RoleList roles={auth.roles} />
    </>
  );
}
