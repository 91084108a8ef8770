"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { ActivityWhen } from "@/components/activities/activity-when";
import { ErrorScreen } from "@/components/errors/error-screen";
import { Button } from "@/components/ui/button";
import { allOf, QueryGate } from "@/components/ui/query-gate";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { certificateOf, type TCertificate } from "@/lib/workshops/my-workshops";
import { certificateQuery } from "@/lib/workshops/workshop-queries";

/**
 * The certificate of a workshop the caller attended (docs/workshops.md). The api shows a
 * place to its holder and to those who run the activity; the certificate is the holder's
 * alone, so anyone else, like a place not marked present, gets the 404 screen.
 */
export function WorkshopCertificate({ registrationId }: { registrationId: string }) {
  const t = useTranslations("workshops.certificate");
  const registration = useQuery(certificateQuery(registrationId));
  const user = useQuery(currentUserQuery());
  return (
    <QueryGate query={allOf(registration, user)} failed={t("loadFailed")} errorScreens>
      {([place, me]) => {
        const certificate = certificateOf(place, me.id);
        if (!certificate) return <ErrorScreen kind="notFound" />;
        return <Certificate certificate={certificate} />;
      }}
    </QueryGate>
  );
}

function Certificate({ certificate }: { certificate: TCertificate }) {
  const t = useTranslations("workshops.certificate");
  const format = useFormatter();
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-4 print:hidden">
        <Button onClick={() => window.print()}>{t("print")}</Button>
        <Link href="/workshops" className="inline-block py-2">
          {t("back")}
        </Link>
      </div>
      <article
        data-print-alone
        className="mx-auto flex w-full max-w-3xl flex-col items-center gap-6 rounded-shape border-8 border-double border-primary-700 bg-white px-8 py-12 text-center text-neutral-900 print:max-h-[260mm] print:overflow-hidden"
        aria-labelledby="certificate-title"
      >
        <h1 id="certificate-title" className="text-4xl font-bold">
          {t("title")}
        </h1>
        <p className="text-lg">{t("awardedTo")}</p>
        <p className="text-3xl font-semibold" data-testid="certificate-name">
          {certificate.name}
        </p>
        <p className="text-lg">{t("forAttending")}</p>
        <p className="text-2xl font-semibold" data-testid="certificate-workshop">
          {certificate.title}
        </p>
        <dl className="grid gap-x-6 gap-y-2 text-left sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">{t("date")}</dt>
          <dd>
            <ActivityWhen
              activity={{
                startsAt: certificate.activity.startsAt,
                endsAt: certificate.activity.endsAt ?? null,
                allDay: certificate.activity.allDay ?? false,
              }}
            />
          </dd>
          {certificate.hours !== null ? (
            <>
              <dt className="font-semibold">{t("hoursLabel")}</dt>
              <dd data-testid="certificate-hours">
                {t("hours", {
                  count: certificate.hours,
                  hours: format.number(certificate.hours, { maximumFractionDigits: 1 }),
                })}
              </dd>
            </>
          ) : null}
          {certificate.centre ? (
            <>
              <dt className="font-semibold">{t("centreLabel")}</dt>
              <dd data-testid="certificate-centre">{certificate.centre}</dd>
            </>
          ) : null}
        </dl>
      </article>
    </div>
  );
}
