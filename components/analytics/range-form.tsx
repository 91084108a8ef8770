"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { filterControlClass, filterSubmitClass } from "@/components/ui/filter-form-classes";
import { isApiError } from "@/lib/api";

/** The api refused the range (a 400 naming filter[from] or filter[to]). */
export function rangeRefusal(error: unknown): "from" | "to" | null {
  if (!isApiError(error) || error.statusCode !== 400) return null;
  const parameter = error.errors[0]?.source?.parameter;
  if (parameter === "filter[from]") return "from";
  if (parameter === "filter[to]") return "to";
  return null;
}

/**
 * The period (and, on a centre's page, the centre) as a plain GET form: the URL is the
 * state, so a reload or a bookmark shows the same figures, and it works before hydration.
 * Native date inputs; the api checks the range, and its refusal is shown here, tied to the
 * field it names.
 */
export function RangeForm({
  from,
  to,
  refused,
  centres,
  centre,
}: {
  from: string;
  to: string;
  refused: "from" | "to" | null;
  centres?: { id: string; name: string }[];
  centre?: string;
}) {
  const t = useTranslations("analytics.range");
  const id = useId();
  const errorId = `${id}-error`;
  const field = (name: "from" | "to", label: string, value: string) => (
    <div>
      <label htmlFor={`${id}-${name}`} className="mb-1 block font-semibold text-neutral-900">
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        type="date"
        defaultValue={value}
        required
        aria-invalid={refused === name ? true : undefined}
        aria-describedby={refused === name ? errorId : undefined}
        className={filterControlClass}
      />
    </div>
  );
  return (
    <form method="get" className="mb-8 rounded-shape border-2 border-neutral-300 bg-white p-4">
      <fieldset>
        <legend className="mb-2 text-lg font-bold text-neutral-900">{t("legend")}</legend>
        <div className="flex flex-wrap items-end gap-4">
          {centres && centres.length > 1 ? (
            <div>
              <label htmlFor={`${id}-centre`} className="mb-1 block font-semibold text-neutral-900">
                {t("centre")}
              </label>
              <select
                id={`${id}-centre`}
                name="centre"
                defaultValue={centre}
                className={filterControlClass}
              >
                {centres.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          {field("from", t("from"), from)}
          {field("to", t("to"), to)}
          <button type="submit" className={filterSubmitClass}>
            {t("submit")}
          </button>
        </div>
        {refused ? (
          <p id={errorId} role="alert" className="mt-2 font-semibold text-danger-800">
            {t("invalid")}
          </p>
        ) : null}
      </fieldset>
    </form>
  );
}
