"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { AvailabilityTable } from "@/components/profile/availability-table";
import { languageNames } from "@/components/profile/profile-labels";
import { Button } from "@/components/ui/button";
import { QueryGate } from "@/components/ui/query-gate";
import { tagName } from "@/lib/tags/tag-name";
import { poolVolunteerQuery } from "@/lib/volunteer-pool/pool-queries";
import type { TPoolVolunteer } from "@/lib/volunteer-pool/pool-types";
import { InviteDialog } from "./invite-dialog";
import { volunteerName } from "./pool-labels";

/**
 * One volunteer of the pool: what they chose to share, nothing to reach them by until they
 * accept an invitation. Focus moves to its heading when it opens (the reader just chose it).
 */
export function PoolVolunteerDetail({ id, closeHref }: { id: string; closeHref: string }) {
  const t = useTranslations("volunteerPool");
  const query = useQuery(poolVolunteerQuery(id));
  return (
    <section
      aria-labelledby="pool-volunteer"
      className="flex flex-col gap-4 rounded-shape border-2 border-neutral-300 p-4"
    >
      <QueryGate query={query} failed={t("loadFailed")}>
        {({ volunteer, invitableCentreIds }) =>
          volunteer ? (
            <Detail
              volunteer={volunteer}
              invitableCentreIds={invitableCentreIds}
              closeHref={closeHref}
            />
          ) : (
            <>
              <h2 id="pool-volunteer" className="text-xl font-bold">
                {t("detail.gone")}
              </h2>
              <Link href={closeHref} scroll={false} className="inline-block py-2">
                {t("detail.close")}
              </Link>
            </>
          )
        }
      </QueryGate>
    </section>
  );
}

function Detail({
  volunteer,
  invitableCentreIds,
  closeHref,
}: {
  volunteer: TPoolVolunteer;
  invitableCentreIds: readonly string[];
  closeHref: string;
}) {
  const t = useTranslations();
  const format = useFormatter();
  const locale = useLocale();
  const languageName = languageNames(t, locale);
  const heading = useRef<HTMLHeadingElement>(null);
  const [inviting, setInviting] = useState(false);
  const name = volunteerName(volunteer);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const row = (label: string, value: string | null) =>
    value ? (
      <div className="flex flex-col sm:flex-row sm:gap-2">
        <dt className="font-semibold">{label}</dt>
        <dd>{value}</dd>
      </div>
    ) : null;

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id="pool-volunteer" ref={heading} tabIndex={-1} className="text-2xl font-bold">
          {name}
        </h2>
        <Link href={closeHref} scroll={false} className="inline-block py-2">
          {t("volunteerPool.detail.close")}
        </Link>
      </div>
      {volunteer.about ? <p className="whitespace-pre-line">{volunteer.about}</p> : null}
      <dl className="flex flex-col gap-1">
        {row(t("volunteerPool.detail.city"), volunteer.city)}
        {row(
          t("volunteerPool.detail.distance"),
          volunteer.distanceKm === null
            ? null
            : t("volunteerPool.distance", { km: volunteer.distanceKm }),
        )}
        {row(t("volunteerPool.skills"), volunteer.skills.join(", ") || null)}
        {row(
          t("volunteerPool.interests"),
          (volunteer.tags ?? []).map((tag) => tagName(tag, locale)).join(", ") || null,
        )}
        {row(
          t("volunteerPool.detail.hours"),
          volunteer.hoursPerWeek === null
            ? null
            : t("volunteerPool.hours", { hours: volunteer.hoursPerWeek }),
        )}
        {row(
          t("volunteerPool.detail.languages"),
          volunteer.languages.map((code) => languageName(code)).join(", ") || null,
        )}
        {row(
          t("volunteerPool.detail.lastActive"),
          volunteer.lastActiveMonth
            ? format.dateTime(new Date(`${volunteer.lastActiveMonth}-15T12:00:00Z`), {
                month: "long",
                year: "numeric",
              })
            : null,
        )}
        {row(
          t("volunteerPool.detail.lastInvited"),
          volunteer.lastInvitedAt
            ? format.dateTime(new Date(volunteer.lastInvitedAt), { dateStyle: "medium" })
            : t("volunteerPool.detail.neverInvited"),
        )}
      </dl>
      {volunteer.availability.length > 0 ? (
        <div className="flex flex-col gap-2">
          <h3 className="font-bold">{t("volunteerPool.detail.availability")}</h3>
          <AvailabilityTable slots={volunteer.availability} />
        </div>
      ) : null}
      {/* A centre's staff ask for their centre's vacancies, a desk manager for those of the
          centre that runs their desk; the api says which centres. */}
      {invitableCentreIds.length > 0 ? (
        <>
          <div>
            <Button variant="neutral" className="min-h-11" onClick={() => setInviting(true)}>
              {t("volunteerPool.invite.open")}
            </Button>
          </div>
          <InviteDialog
            open={inviting}
            volunteerId={volunteer.id}
            name={name}
            centreIds={invitableCentreIds}
            onClose={() => setInviting(false)}
          />
        </>
      ) : null}
    </>
  );
}
