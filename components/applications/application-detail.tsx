"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { ConversationThread } from "@/components/conversations/conversation-thread";
import { ApplicationAnswers } from "@/components/form-builder/application-answers";
import { PageTitle } from "@/components/ui/page-title";
import { QueryGate } from "@/components/ui/query-gate";
import { applicationQuery } from "@/lib/applications/application-queries";
import type { TApplication } from "@/lib/applications/application-types";
import { applicantName } from "@/lib/applications/applications-list";
import { ApplicationActions } from "./application-actions";
import { ApplicationStatusBadge } from "./application-status-badge";
import { statusLabel } from "./status-label";

/**
 * /applications/:id: the vacancy, what the applicant shared, the status and its history,
 * the actions the viewer may take, and the conversation with the organisation. The api's 404 (an
 * unknown id, or one the caller may not see, another tenant's too) is spec §8's not-found
 * screen.
 */
export function ApplicationDetail({ id }: { id: string }) {
  const t = useTranslations("applications.detail");
  const query = useQuery(applicationQuery(id));
  return (
    <QueryGate query={query} failed={t("loadFailed")} errorScreens>
      {(application) => <Detail application={application} />}
    </QueryGate>
  );
}

const sectionClass = "flex flex-col gap-3";
const headingClass = "text-xl font-bold";

function Detail({ application }: { application: TApplication }) {
  const t = useTranslations();
  const format = useFormatter();
  const statusHeading = useRef<HTMLHeadingElement>(null);
  // Asked for after a change, done after the render that closes the dialog: the dialog
  // gives focus back to the button that opened it as it closes, and that button is gone.
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (changes > 0) statusHeading.current?.focus();
  }, [changes]);
  const date = (iso: string, time = true) => (
    <time dateTime={iso}>
      {format.dateTime(
        new Date(iso),
        time ? { dateStyle: "long", timeStyle: "short" } : { dateStyle: "long" },
      )}
    </time>
  );
  const vacancy = application.vacancy;
  const title = vacancy?.title ?? t("applications.detail.vacancy");
  const own = application.side === "volunteer";
  const user = application.user;
  const transitions = [...(application.transitions ?? [])].sort((a, b) =>
    a.createdAt.localeCompare(b.createdAt),
  );
  const given = (value: string | null | undefined, link?: (v: string) => ReactNode) =>
    value ? (
      link ? (
        link(value)
      ) : (
        value
      )
    ) : (
      <span className="text-neutral-700">{t("applications.detail.notGiven")}</span>
    );

  return (
    <article className="flex flex-col gap-6">
      <p>
        <Link href="/applications" className="inline-block py-1">
          {t("applications.detail.back")}
        </Link>
      </p>
      <PageTitle
        description={t("applications.detail.sentOn", {
          date: format.dateTime(new Date(application.createdAt), { dateStyle: "long" }),
        })}
      >
        {t("applications.detail.title", { vacancy: title })}
      </PageTitle>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-8">
          <section aria-labelledby="application-status" className={sectionClass}>
            <h2 id="application-status" ref={statusHeading} tabIndex={-1} className={headingClass}>
              {t("applications.detail.status")}
            </h2>
            <p className="flex flex-wrap items-center gap-2">
              <ApplicationStatusBadge
                status={application.status}
                label={statusLabel(t, application.status)}
              />
              {application.status === "new" && !application.respondedAt ? (
                <span>{t("applications.detail.waiting")}</span>
              ) : null}
            </p>
            <ApplicationActions
              application={application}
              onChanged={() => setChanges((n) => n + 1)}
            />
          </section>

          <section aria-labelledby="application-history" className={sectionClass}>
            <h2 id="application-history" className={headingClass}>
              {t("applications.detail.history")}
            </h2>
            <ol className="flex flex-col gap-2 border-l-2 border-neutral-300 pl-4">
              <li>
                <span className="font-medium">{t("applications.detail.historySent")}</span>{" "}
                <span className="text-neutral-800">{date(application.createdAt)}</span>
              </li>
              {transitions.map((transition) => (
                <li key={transition.id}>
                  <span className="font-medium">{statusLabel(t, transition.toStatus)}</span>{" "}
                  <span className="text-neutral-800">{date(transition.createdAt)}</span>
                </li>
              ))}
            </ol>
          </section>

          <section aria-labelledby="application-shared" className={sectionClass}>
            <h2 id="application-shared" className={headingClass}>
              {own ? t("applications.detail.sharedOwn") : t("applications.detail.shared")}
            </h2>
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_1fr]">
              <dt className="font-semibold">{t("applications.detail.name")}</dt>
              <dd>{given(applicantName(user ? { ...user, email: null } : null))}</dd>
              <dt className="font-semibold">{t("applications.detail.email")}</dt>
              <dd>
                {given(user?.email, (email) => (
                  <a
                    href={`mailto:${email}`}
                    className="inline-block py-1 [overflow-wrap:anywhere]"
                  >
                    {email}
                  </a>
                ))}
              </dd>
              <dt className="font-semibold">{t("applications.detail.phone")}</dt>
              <dd>
                {given(user?.phone, (phone) => (
                  <a href={`tel:${phone.replace(/[^\d+]/g, "")}`} className="inline-block py-1">
                    {phone}
                  </a>
                ))}
              </dd>
              <dt className="font-semibold">{t("applications.detail.motivation")}</dt>
              <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">
                {application.motivation?.trim() ? (
                  application.motivation
                ) : (
                  <span className="text-neutral-700">{t("applications.detail.noMotivation")}</span>
                )}
              </dd>
            </dl>
          </section>

          {application.formAnswers ? (
            <ApplicationAnswers
              answers={application.formAnswers}
              headingClass={headingClass}
              sectionClass={sectionClass}
            />
          ) : null}

          <section aria-labelledby="application-conversation" className={sectionClass}>
            <h2 id="application-conversation" className={headingClass}>
              {t("applications.detail.conversation")}
            </h2>
            {application.conversation?.id ? (
              <ConversationThread id={application.conversation.id} embedded />
            ) : (
              <p>{t("applications.detail.conversationMissing")}</p>
            )}
          </section>
        </div>

        <aside aria-labelledby="application-vacancy" className={sectionClass}>
          <h2 id="application-vacancy" className={headingClass}>
            {t("applications.detail.vacancy")}
          </h2>
          {vacancy ? (
            <p>
              <Link href={`/vacancies/${vacancy.id}`} className="inline-block py-1 font-medium">
                {vacancy.title}
              </Link>
            </p>
          ) : null}
          {application.organization?.name ? (
            <p>
              <span className="font-semibold">{t("applications.detail.organization")}:</span>{" "}
              {application.organization.name}
            </p>
          ) : null}
          {vacancy?.closesOn ? (
            <p className="text-sm text-neutral-800">
              {t("applications.detail.closesOn", {
                date: format.dateTime(new Date(vacancy.closesOn), { dateStyle: "long" }),
              })}
            </p>
          ) : null}
        </aside>
      </div>
    </article>
  );
}
