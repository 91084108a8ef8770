"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { QueryGate } from "@/components/ui/query-gate";
import type { TMatchEmptyReason } from "@/lib/contract/matches";
import type { Translator } from "@/lib/i18n/translator";
import { matchesQuery, type TMatches } from "@/lib/matches/matches-api";
import { reasonLine } from "@/lib/matches/reason-line";

/**
 * "Vacatures die bij je passen" on the dashboard (docs/matching.md): the best fits of the
 * volunteer's profile, each with why in one line, linking to the vacancy. An empty list
 * says why and points to the profile. Staff without a profile of their own are not shown
 * the section (`hideWithoutProfile`): the dashboard is their back office.
 */
export function DashboardMatches({ hideWithoutProfile }: { hideWithoutProfile: boolean }) {
  const t = useTranslations("matches");
  const matches = useQuery(matchesQuery());
  // Staff see the section only once it is known that they have a profile: no heading that
  // appears and goes again on their back office's front page.
  if (hideWithoutProfile && (!matches.data || matches.data.reason === "no_profile")) return null;
  return (
    <section aria-labelledby="matches-heading" className="flex flex-col gap-3">
      <h2 id="matches-heading" className="text-xl font-semibold">
        {t("heading")}
      </h2>
      <QueryGate query={matches} failed={t("loadFailed")}>
        {(loaded) => <MatchList matches={loaded} />}
      </QueryGate>
    </section>
  );
}

function emptyText(t: Translator, reason: TMatchEmptyReason | null) {
  switch (reason) {
    case "no_profile":
      return t("matches.noProfile");
    case "empty_profile":
      return t("matches.emptyProfile");
    default:
      return t("matches.noMatches");
  }
}

function MatchList({ matches }: { matches: TMatches }) {
  const t = useTranslations();
  const locale = useLocale();
  if (matches.vacancies.length === 0) {
    return (
      <p>
        {emptyText(t, matches.reason)}{" "}
        <Link href="/profile-edit" className="inline-block py-1 underline">
          {t("matches.editProfile")}
        </Link>
      </p>
    );
  }
  return (
    <ul className="flex flex-col gap-3">
      {matches.vacancies.map((vacancy) => (
        <li key={vacancy.id} className="rounded-shape border-2 border-neutral-400 bg-white p-4">
          <Link href={`/vacancies/${vacancy.id}`} className="font-semibold underline">
            {vacancy.title}
          </Link>
          <p className="text-neutral-800">{reasonLine(t, locale, vacancy.meta.reasons)}</p>
        </li>
      ))}
    </ul>
  );
}
