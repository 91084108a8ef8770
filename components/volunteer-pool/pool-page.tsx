"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { lastPage } from "@/lib/api/paged";
import { POOL_DEFAULTS } from "@/lib/contract/pool";
import { poolPageQuery } from "@/lib/volunteer-pool/pool-queries";
import type { TPoolVolunteer } from "@/lib/volunteer-pool/pool-types";
import { parsePoolSearch, poolApiQuery, poolHref } from "@/lib/volunteer-pool/pool-url";
import { PoolFilterForm } from "./pool-filter-form";
import { volunteerName } from "./pool-labels";
import { PoolVolunteerDetail } from "./pool-volunteer-detail";

/**
 * /vrijwilligerspool (docs/volunteer-pool.md): the search form, the matching volunteers of the
 * pool and, beside them, the one opened (`?volunteer=`), with the invite dialog. Everything
 * the page shows is in its URL.
 */
export function PoolPage() {
  const t = useTranslations("volunteerPool");
  const searchParams = useSearchParams();
  const search = parsePoolSearch(searchParams);
  const query = useQuery(poolPageQuery(poolApiQuery(search)));
  const records = query.data?.pagination.records;
  const current = new URLSearchParams(searchParams.toString());

  return (
    <div className="flex flex-col gap-6">
      <PageTitle description={t("description")}>{t("title")}</PageTitle>
      <PoolFilterForm search={search} />
      {/* The count after a search, said without moving focus (WCAG 4.1.3). */}
      <p role="status" className="font-semibold">
        {records === undefined ? "" : t("count", { count: records })}
      </p>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section aria-labelledby="pool-results" className="flex flex-col gap-4">
          <h2 id="pool-results" className="text-xl font-bold">
            {t("results")}
          </h2>
          <QueryGate query={query} failed={t("loadFailed")} errorScreens>
            {(page) =>
              page.rows.length === 0 ? (
                <p>{t("empty")}</p>
              ) : (
                <>
                  <ul className="flex flex-col gap-3">
                    {page.rows.map((volunteer) => (
                      <PoolRow
                        key={volunteer.id}
                        volunteer={volunteer}
                        open={search.volunteer === volunteer.id}
                        href={poolHref(current, { volunteer: volunteer.id })}
                      />
                    ))}
                  </ul>
                  <Pager
                    page={page.pagination.current}
                    last={lastPage(page.pagination.records, POOL_DEFAULTS.pageSize)}
                    href={(n) => poolHref(current, { page: n === 1 ? null : n })}
                  />
                </>
              )
            }
          </QueryGate>
        </section>
        {search.volunteer ? (
          <PoolVolunteerDetail
            key={search.volunteer}
            id={search.volunteer}
            closeHref={poolHref(current, { volunteer: null })}
          />
        ) : null}
      </div>
    </div>
  );
}

function PoolRow({
  volunteer,
  open,
  href,
}: {
  volunteer: TPoolVolunteer;
  open: boolean;
  href: string;
}) {
  const t = useTranslations("volunteerPool");
  const name = volunteerName(volunteer);
  return (
    <li
      className={`flex flex-col gap-1 rounded-shape border-2 p-4 ${
        open ? "border-neutral-900" : "border-neutral-300"
      }`}
    >
      <Link
        href={href}
        aria-current={open ? "true" : undefined}
        className="text-lg font-bold"
        scroll={false}
      >
        {name}
      </Link>
      <p className="text-neutral-800">
        {[
          volunteer.city,
          volunteer.distanceKm === null ? null : t("distance", { km: volunteer.distanceKm }),
          volunteer.hoursPerWeek === null ? null : t("hours", { hours: volunteer.hoursPerWeek }),
        ]
          .filter(Boolean)
          .join(" · ")}
      </p>
      {volunteer.skills.length > 0 ? (
        <p>
          <span className="font-semibold">{t("skills")}:</span> {volunteer.skills.join(", ")}
        </p>
      ) : null}
      {volunteer.tags && volunteer.tags.length > 0 ? (
        <p>
          <span className="font-semibold">{t("interests")}:</span>{" "}
          {volunteer.tags.map((tag) => tag.name).join(", ")}
        </p>
      ) : null}
    </li>
  );
}

function Pager({ page, last, href }: { page: number; last: number; href: (n: number) => string }) {
  const t = useTranslations("volunteerPool");
  if (last <= 1) return null;
  return (
    <nav aria-label={t("pages")} className="flex items-center gap-4">
      {page > 1 ? (
        <Link href={href(page - 1)} className="inline-block py-2">
          {t("previous")}
        </Link>
      ) : null}
      <span>{t("pageOf", { page, last })}</span>
      {page < last ? (
        <Link href={href(page + 1)} className="inline-block py-2">
          {t("next")}
        </Link>
      ) : null}
    </nav>
  );
}
