"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import {
  calendarTokenQuery,
  makeCalendarToken,
  personalDataKeys,
  revokeCalendarToken,
  type TCalendarToken,
} from "@/lib/personal-data/personal-data-api";

/**
 * "Agenda-abonnement" on /profiel (docs/calendar-feed.md): make the private calendar
 * address, or a new one (asked first: the old one stops working), show it once with a copy
 * button and a webcal link, and revoke it. The api never shows an address again, so it
 * lives only in this component's state until the page is left.
 */
export function CalendarSection() {
  const t = useTranslations("personalData.calendar");
  const format = useFormatter();
  const status = useQuery(calendarTokenQuery());
  const [made, setMade] = useState<TCalendarToken | null>(null);
  const [asking, setAsking] = useState<"rotate" | "revoke" | null>(null);
  const [copied, setCopied] = useState(false);

  const make = useApiMutation({
    mutationFn: () => makeCalendarToken(),
    invalidates: [personalDataKeys.calendar()],
    audited: false,
    success: () => t("made"),
    failure: () => t("makeFailed"),
    onSuccess: (result) => {
      setMade(result);
      setCopied(false);
      setAsking(null);
    },
  });
  const revoke = useApiMutation({
    mutationFn: () => revokeCalendarToken(),
    invalidates: [personalDataKeys.calendar()],
    audited: false,
    success: () => t("revoked"),
    failure: () => t("revokeFailed"),
    onSuccess: () => {
      setMade(null);
      setAsking(null);
    },
  });

  const active = status.data?.active ?? false;
  const copy = async (url: string) => {
    await navigator.clipboard.writeText(url);
    setCopied(true);
  };

  return (
    <section aria-labelledby="calendar-feed-title" className="flex flex-col gap-3">
      <h2 id="calendar-feed-title" className="text-xl font-bold">
        {t("title")}
      </h2>
      <p className="max-w-prose">{t("intro")}</p>
      {status.isPending ? null : active && status.data?.createdAt ? (
        <p>
          {t("activeSince", {
            date: format.dateTime(new Date(status.data.createdAt), {
              dateStyle: "long",
              timeStyle: "short",
            }),
          })}
        </p>
      ) : (
        <p>{t("none")}</p>
      )}
      {made?.url && made.webcalUrl ? (
        <div className="flex flex-col gap-2 rounded-shape border-2 border-neutral-300 p-4">
          <label htmlFor="calendar-feed-url" className="font-semibold">
            {t("addressLabel")}
          </label>
          <input
            id="calendar-feed-url"
            readOnly
            value={made.url}
            className="w-full rounded-shape border-2 border-neutral-500 px-3 py-2"
            onFocus={(event) => event.currentTarget.select()}
          />
          <p className="text-neutral-800">{t("onlyOnce")}</p>
          <div className="flex flex-wrap gap-3">
            <a href={made.webcalUrl} className="inline-flex min-h-11 items-center">
              {t("subscribe")}
            </a>
            <Button
              variant="outline"
              size="sm"
              className="min-h-11"
              onClick={() => copy(made.url ?? "")}
            >
              {t("copy")}
            </Button>
          </div>
          <p role="status" className="min-h-6">
            {copied ? t("copied") : ""}
          </p>
        </div>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button
          variant="outline"
          size="sm"
          className="min-h-11"
          disabled={make.isPending}
          onClick={() => (active ? setAsking("rotate") : make.mutate(undefined))}
        >
          {active ? t("rotate") : t("make")}
        </Button>
        {active ? (
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            onClick={() => setAsking("revoke")}
          >
            {t("revoke")}
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={asking === "rotate"}
        title={t("rotateTitle")}
        confirmLabel={t("rotateConfirm")}
        pending={make.isPending}
        onConfirm={() => make.mutate(undefined)}
        onCancel={() => setAsking(null)}
      >
        <p>{t("rotateText")}</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={asking === "revoke"}
        title={t("revokeTitle")}
        confirmLabel={t("revokeConfirm")}
        pending={revoke.isPending}
        onConfirm={() => revoke.mutate(undefined)}
        onCancel={() => setAsking(null)}
      >
        <p>{t("revokeText")}</p>
      </ConfirmDialog>
    </section>
  );
}
