"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import {
  AVAILABILITY_DAYS,
  AVAILABILITY_PARTS,
  availabilitySlot,
} from "@/lib/contract/volunteer-profile";
import { dayLabel, partLabel } from "./profile-labels";

type Props = {
  legend: string;
  hint: string;
  /** register("availability"), spread on every box: react-hook-form collects the checked ones. */
  registration: UseFormRegisterReturn;
};

/**
 * The week as a grid of checkboxes: a table with a header for each part of the day and
 * each day, so a screen reader announces "Dinsdag, Middag" at a box; each box also has
 * that as its own name. The cell is the 44 px target (WCAG 2.5.8); a checked cell is also
 * outlined, next to the box's own tick.
 */
export function AvailabilityFieldset({ legend, hint, registration }: Props) {
  const t = useTranslations();
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold text-neutral-900">{legend}</legend>
      <p id={hintId} className="text-sm text-neutral-700">
        {hint}
      </p>
      <table className="w-full max-w-xl border-collapse text-left">
        <thead>
          <tr>
            <td />
            {AVAILABILITY_PARTS.map((part) => (
              <th key={part} scope="col" className="px-1 py-1 text-center text-sm font-semibold">
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
              {AVAILABILITY_PARTS.map((part) => {
                const slot = availabilitySlot(day, part);
                return (
                  <td key={part} className="p-1 text-center">
                    <label className="mx-auto flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-shape border-2 border-transparent has-[:checked]:border-neutral-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-neutral-800">
                      <input
                        type="checkbox"
                        value={slot}
                        className="size-5 accent-neutral-800"
                        {...registration}
                      />
                      <span className="sr-only">
                        {t("profile.edit.slot", {
                          day: dayLabel(t, day),
                          part: partLabel(t, part),
                        })}
                      </span>
                    </label>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </fieldset>
  );
}
