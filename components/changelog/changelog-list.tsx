import { useFormatter, useLocale, useTranslations } from "next-intl";
import { CHANGELOG } from "@/lib/changelog/entries";

/** The releases of lib/changelog/entries.ts, newest first, in the visitor's language. */
export function ChangelogList() {
  const t = useTranslations("changelog");
  const format = useFormatter();
  const locale = useLocale() === "en" ? "en" : "nl";
  return (
    <ol className="flex flex-col gap-6">
      {CHANGELOG.map((entry) => {
        const text = entry[locale];
        return (
          <li
            key={entry.version}
            className="rounded-shape-lg border border-neutral-300 bg-white p-6"
          >
            <article aria-labelledby={`release-${entry.version}`}>
              <h2 id={`release-${entry.version}`} className="text-2xl font-bold text-neutral-900">
                {text.title}
              </h2>
              <p className="mt-1 text-sm text-neutral-700">
                {t("version", { version: entry.version })} ·{" "}
                <time dateTime={entry.date}>
                  {t("released", {
                    date: format.dateTime(new Date(`${entry.date}T12:00:00Z`), {
                      dateStyle: "long",
                    }),
                  })}
                </time>
              </p>
              <ul className="mt-4 list-disc pl-6 text-neutral-800">
                {text.items.map((item) => (
                  <li key={item} className="mt-1">
                    {item}
                  </li>
                ))}
              </ul>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
