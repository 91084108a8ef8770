"use client";

import { useLocale, useTranslations } from "next-intl";
import type { TApplicationFormAnswers } from "@/lib/applications/application-types";
import { answerRows } from "@/lib/form-builder/answer-text";

/**
 * An application's answers to its vacancy's questions, labelled as the version it answered
 * asked them, in the reader's language.
 */
export function ApplicationAnswers({
  answers,
  headingClass,
  sectionClass,
}: {
  answers: TApplicationFormAnswers;
  headingClass: string;
  sectionClass: string;
}) {
  const t = useTranslations("formBuilder.application");
  const locale = useLocale();
  const rows = answerRows(answers.definition, answers.answers, locale, {
    yes: t("yes"),
    no: t("no"),
  });
  return (
    <section aria-labelledby="application-answers" className={sectionClass}>
      <h2 id="application-answers" className={headingClass}>
        {t("heading")}
      </h2>
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        {rows.map((row) => (
          <div key={row.id} className="contents">
            <dt className="font-semibold">{row.label}</dt>
            <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">
              {row.text ?? <span className="text-neutral-700">{t("notAnswered")}</span>}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
