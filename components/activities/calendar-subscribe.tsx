import { useTranslations } from "next-intl";

type Props = { origin: string };

export const FEED_PATH = "/activiteitenkalender/feed.ics";

/** Subscribe links: webcal:// opens the calendar app, the https link is for copying. */
export function CalendarSubscribe({ origin }: Props) {
  const t = useTranslations("activityCalendar");
  const https = new URL(FEED_PATH, `${origin}/`).toString();
  const webcal = https.replace(/^https?:/, "webcal:");
  return (
    <section
      aria-labelledby="calendar-subscribe"
      className="mt-10 rounded-shape border-2 border-neutral-200 bg-white p-4"
    >
      <h2 id="calendar-subscribe" className="text-xl font-semibold">
        {t("subscribeTitle")}
      </h2>
      <p className="mt-2">{t("subscribeText")}</p>
      <ul className="mt-2 grid gap-1">
        <li>
          <a href={webcal} className="inline-block py-2">
            {t("subscribeWebcal")}
          </a>
        </li>
        <li>
          <a href={https} className="inline-block py-2" type="text/calendar">
            {t("subscribeHttps")}
          </a>
        </li>
      </ul>
    </section>
  );
}
