import Link from "next/link";
import { useTranslations } from "next-intl";
import type { TVacancy } from "@/lib/vacancies/types";
import { VacancyFacts } from "./vacancy-facts";

/** One search result: the title links to the vacancy; organisation, facts and summary. */
export function VacancyCard({ vacancy }: { vacancy: TVacancy }) {
  const t = useTranslations("vacancies");
  return (
    <article className="flex flex-col gap-2 rounded-shape border-2 border-neutral-300 bg-white p-4">
      <h3 className="text-xl font-bold">
        <Link href={`/vacancies/${vacancy.id}`} className="inline-block py-1">
          {vacancy.title}
        </Link>
      </h3>
      {vacancy.organization?.name ? (
        <p className="font-medium text-neutral-800">
          <span className="sr-only">{t("organization")}: </span>
          {vacancy.organization.name}
        </p>
      ) : null}
      <VacancyFacts vacancy={vacancy} compact />
      {vacancy.summary ? <p className="text-neutral-900">{vacancy.summary}</p> : null}
    </article>
  );
}
