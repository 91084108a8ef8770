"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { QueryGate } from "@/components/ui/query-gate";
import { ownApplicationForVacancyQuery } from "@/lib/applications/application-queries";
import type { TApplication } from "@/lib/applications/application-types";
import type { TApplicationForm } from "@/lib/applications/apply-questions";
import { OPEN_APPLICATION_STATUSES } from "@/lib/contract/applications";
import { ApplicationStatusBadge } from "./application-status-badge";
import { ApplyContactForm } from "./apply-contact-form";
import { ApplyForm } from "./apply-form";
import { statusLabel } from "./status-label";

/** The address the sign-in link comes back to: the form opens by itself there. */
export const APPLY_HASH = "#reageren";

/** An application that keeps the button away: one still open, or one the organisation accepted. */
const blocksApplying = (application: TApplication) =>
  application.status === "accepted" || OPEN_APPLICATION_STATUSES.includes(application.status);

/**
 * What a signed-in visitor sees under "Reageren": their application to this vacancy while
 * it is open (or accepted), else the button that opens the form; after sending, that it
 * was sent, with the way to it.
 */
export function ApplyBody({
  vacancyId,
  profiles,
  questions,
}: {
  vacancyId: string;
  profiles: boolean;
  questions: TApplicationForm | null;
}) {
  const t = useTranslations();
  const query = useQuery(ownApplicationForVacancyQuery(vacancyId));
  const [sent, setSent] = useState<TApplication | null>(null);

  return (
    <div className="flex flex-col gap-3">
      {/* Present from the start, so the result is announced when it appears. */}
      <div role="status">{sent ? <Sent application={sent} /> : null}</div>
      {sent ? null : (
        <QueryGate query={query} failed={t("applications.apply.lookupFailed")}>
          {(existing) =>
            existing && blocksApplying(existing) ? (
              <Existing application={existing} />
            ) : (
              <Apply
                vacancyId={vacancyId}
                profiles={profiles}
                questions={questions}
                previous={existing}
                onApplied={setSent}
              />
            )
          }
        </QueryGate>
      )}
    </div>
  );
}

function Sent({ application }: { application: TApplication }) {
  const t = useTranslations("applications.apply");
  const ref = useRef<HTMLParagraphElement>(null);
  // The form that had focus is gone: focus goes to what replaced it (WCAG 2.4.3).
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="flex flex-col gap-2 rounded-shape border-2 border-emerald-800 bg-emerald-50 p-4">
      <p ref={ref} tabIndex={-1} className="font-semibold text-emerald-900">
        {t("sent")}
      </p>
      <a href={`/applications/${application.id}`} className="inline-block py-1 font-medium">
        {t("view")}
      </a>
    </div>
  );
}

function Existing({ application }: { application: TApplication }) {
  const t = useTranslations();
  const format = useFormatter();
  return (
    <div className="flex flex-col gap-2 rounded-shape border-2 border-neutral-300 p-4">
      <p>
        {t("applications.apply.existing", {
          date: format.dateTime(new Date(application.createdAt), { dateStyle: "long" }),
        })}
      </p>
      <p className="flex flex-wrap items-center gap-2">
        {t("applications.apply.status")}{" "}
        <ApplicationStatusBadge
          status={application.status}
          label={statusLabel(t, application.status)}
        />
      </p>
      <a href={`/applications/${application.id}`} className="inline-block py-1 font-medium">
        {t("applications.apply.view")}
      </a>
    </div>
  );
}

function Apply({
  vacancyId,
  profiles,
  questions,
  previous,
  onApplied,
}: {
  vacancyId: string;
  profiles: boolean;
  questions: TApplicationForm | null;
  previous: TApplication | null;
  onApplied: (application: TApplication) => void;
}) {
  const t = useTranslations();
  // Without volunteer profiles (meedoen) applying asks only for name and contact.
  const Form = profiles ? ApplyForm : ApplyContactForm;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  // Back from signing in (APPLY_HASH): the form is what the visitor came for.
  const [open, setOpen] = useState(
    () => typeof window !== "undefined" && window.location.hash === APPLY_HASH,
  );
  useEffect(() => {
    // Cancelled: focus goes back to the button that opened the form.
    if (!open && cancelled.current) buttonRef.current?.focus();
  }, [open]);
  return (
    <div className="flex flex-col gap-3">
      {previous ? (
        <p className="text-sm text-neutral-800">
          {t("applications.apply.previous", { status: statusLabel(t, previous.status) })}{" "}
          <a href={`/applications/${previous.id}`} className="inline-block py-1">
            {t("applications.apply.viewPrevious")}
          </a>
        </p>
      ) : null}
      {open ? (
        <Form
          vacancyId={vacancyId}
          questions={questions}
          onApplied={onApplied}
          onCancel={() => {
            cancelled.current = true;
            setOpen(false);
          }}
        />
      ) : (
        <Button ref={buttonRef} onClick={() => setOpen(true)}>
          {t("applications.apply.button")}
        </Button>
      )}
    </div>
  );
}
