"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { splitAttendees, type TAttendee } from "@/lib/activity-registrations/attendees";
import type { TSignUpActivity } from "@/lib/activity-registrations/registration-types";
import { timeZone } from "@/lib/i18n/config";
import { useToast } from "@/lib/toasts/use-toast";

/**
 * Downloads the whole list as CSV, made here from the rows the page already has; the CSV
 * code loads only when asked for.
 */
export function CsvButton({
  activity,
  people,
}: {
  activity: TSignUpActivity;
  people: TAttendee[] | undefined;
}) {
  const t = useTranslations("activityAttendees.csv");
  const locale = useLocale();
  const { toast } = useToast();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    if (!people || busy) return;
    setBusy(true);
    try {
      const { attendeeCsv } = await import("@/lib/activity-registrations/attendee-csv");
      const { csvFileName, downloadCsv } = await import("@/lib/csv/spreadsheet-csv");
      const { placed, waiting } = splitAttendees(people);
      const text = attendeeCsv(
        [...placed, ...waiting],
        {
          headers: {
            name: t("headers.name"),
            email: t("headers.email"),
            status: t("headers.status"),
            waitlistPosition: t("headers.waitlistPosition"),
            signedUpAt: t("headers.signedUpAt"),
            attended: t("headers.attended"),
            minutes: t("headers.minutes"),
          },
          registered: t("registered"),
          waitlisted: t("waitlisted"),
          yes: t("yes"),
          no: t("no"),
        },
        { locale, timeZone },
      );
      downloadCsv(
        text,
        csvFileName(activity.title, t("filePrefix"), activity.startsAt.slice(0, 10)),
      );
    } catch {
      toast.danger(t("failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="outline" aria-disabled={!people || busy} onClick={() => void download()}>
      {t("button")}
    </Button>
  );
}
