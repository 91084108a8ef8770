"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { TableRegion } from "@/components/lists/list-states";
import { QueryGate } from "@/components/ui/query-gate";
import type { Organization } from "@/lib/organizations/select-organization";
import { overdueApplicationsQuery } from "@/lib/reply-times/overdue-applications";

/**
 * The dashboard's "Waiting for a reply" for the admins of a centre (docs/reply-times.md):
 * the centre's applications its organisations left unanswered past the centre's
 * escalation days, oldest first, with the organisation, the vacancy and how many working
 * days the volunteer has waited, each linking to the application.
 */
export function OverdueApplications({ centres }: { centres: readonly Organization[] }) {
  const t = useTranslations("replyTimes.dashboard");
  if (centres.length === 0) return null;
  return (
    <section aria-labelledby="overdue-heading">
      <h2 id="overdue-heading" className="font-semibold text-xl">
        {t("heading")}
      </h2>
      <p className="mt-2 text-neutral-800">{t("explanation")}</p>
      {centres.map((centre) => (
        <CentreOverdue key={centre.id} centre={centre} named={centres.length > 1} />
      ))}
    </section>
  );
}

function CentreOverdue({ centre, named }: { centre: Organization; named: boolean }) {
  const t = useTranslations("replyTimes.dashboard");
  const query = useQuery(overdueApplicationsQuery(String(centre.id)));
  const name = centre.name ?? String(centre.id);
  return (
    <div className="mt-4">
      {named ? <h3 className="font-semibold text-lg">{name}</h3> : null}
      <QueryGate query={query} failed={t("loadFailed")}>
        {({ rows, pagination }) =>
          rows.length === 0 ? (
            <p className="mt-2">{t("none")}</p>
          ) : (
            <>
              <TableRegion label={t("tableLabel", { centre: name })}>
                <table className="w-full border-collapse text-left">
                  <thead>
                    <tr className="border-neutral-300 border-b-2">
                      <th scope="col" className="px-3 py-2">
                        {t("organization")}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t("vacancy")}
                      </th>
                      <th scope="col" className="px-3 py-2">
                        {t("waiting")}
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.id} className="border-neutral-300 border-b">
                        <td className="px-3 py-2">{row.organization?.name ?? ""}</td>
                        <th scope="row" className="px-3 py-2 font-medium">
                          <Link href={`/applications/${encodeURIComponent(row.id)}`}>
                            {row.vacancy?.title ?? t("application")}
                          </Link>
                        </th>
                        <td className="px-3 py-2">
                          {typeof row.waitingWorkingDays === "number"
                            ? t("days", { count: row.waitingWorkingDays })
                            : ""}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableRegion>
              {pagination.records > rows.length ? (
                <p className="mt-2">{t("more", { count: pagination.records - rows.length })}</p>
              ) : null}
            </>
          )
        }
      </QueryGate>
    </div>
  );
}
