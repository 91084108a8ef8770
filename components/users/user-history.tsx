"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { centreStaff } from "@/components/auth/staff-gate";
import { QueryGate } from "@/components/ui/query-gate";
import { useStaffAccess } from "@/lib/auth/use-staff-access";
import { auditEntryText } from "@/lib/users/user-history";
import { userHistoryQuery } from "@/lib/users/user-queries";
import type { TResourceNames } from "@/lib/users/user-roles";
import { type TUserRecord, userDisplayName } from "@/lib/users/user-types";

/**
 * The user's recent audit entries (docs/audit-log.md), newest first: who did what, when.
 * Only centre admins and superadmins read the audit log, so only they get the section.
 */
export function UserHistory({ user, names }: { user: TUserRecord; names: TResourceNames }) {
  const access = useStaffAccess();
  if (access.status !== "ready" || !centreStaff(access)) return null;
  return <HistoryList user={user} names={names} />;
}

function HistoryList({ user, names }: { user: TUserRecord; names: TResourceNames }) {
  const t = useTranslations("userAdmin.history");
  const tAll = useTranslations();
  const format = useFormatter();
  const query = useQuery(userHistoryQuery(user.id));

  const content = (
    <QueryGate
      query={query}
      failed={t("loadFailed")}
      empty={{ when: (entries) => entries.length === 0, children: t("empty") }}
    >
      {(entries) => (
        <ol className="flex flex-col gap-2">
          {entries.map((entry) => (
            <li key={entry.id} className="border-l-4 border-neutral-300 pl-3">
              <p className="font-medium">{auditEntryText(tAll, entry, names)}</p>
              <p className="text-sm text-neutral-700">
                <time dateTime={entry.createdAt}>
                  {format.dateTime(new Date(entry.createdAt), {
                    dateStyle: "medium",
                    timeStyle: "short",
                  })}
                </time>{" "}
                {entry.actor ? t("by", { name: userDisplayName(entry.actor) }) : t("bySystem")}
              </p>
            </li>
          ))}
        </ol>
      )}
    </QueryGate>
  );

  return (
    <section aria-labelledby="user-history" className="flex flex-col gap-3">
      <h2 id="user-history" className="font-bold text-xl">
        {t("heading")}
      </h2>
      <p className="text-neutral-700">{t("description")}</p>
      {content}
    </section>
  );
}
