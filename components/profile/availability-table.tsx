"use client";

import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import {
  AVAILABILITY_DAYS,
  AVAILABILITY_PARTS,
  availabilitySlot,
  type TAvailabilitySlot,
} from "@/lib/contract/volunteer-profile";
import { dayLabel, partLabel } from "./profile-labels";

/**
 * The week as a table: days in rows, morning, afternoon and evening in columns, each with
 * its header. A free part shows a check and the word, a busy one a dash and its word for
 * screen readers: never colour alone (WCAG 1.4.1).
 */
export function AvailabilityTable({ slots }: { slots: readonly TAvailabilitySlot[] }) {
  const t = useTranslations();
  return (
    <table className="w-full max-w-xl border-collapse text-left">
      <caption className="sr-only">{t("profile.view.availabilityCaption")}</caption>
      <thead>
        <tr>
          <td />
          {AVAILABILITY_PARTS.map((part) => (
            <th key={part} scope="col" className="px-2 py-1 text-sm font-semibold">
              {partLabel(t, part)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {AVAILABILITY_DAYS.map((day) => (
          <tr key={day} className="border-t border-neutral-300">
            <th scope="row" className="py-1 pr-2 font-medium">
              {dayLabel(t, day)}
            </th>
            {AVAILABILITY_PARTS.map((part) =>
              slots.includes(availabilitySlot(day, part)) ? (
                <td key={part} className="bg-primary-50 px-2 py-1 font-medium text-neutral-900">
                  <Icon name="check" /> {t("profile.view.available")}
                </td>
              ) : (
                <td key={part} className="px-2 py-1 text-neutral-700">
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">{t("profile.view.notAvailable")}</span>
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
