"use client";

import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

export type TCheckboxOption = { value: string; label: string };

type Props = {
  legend: string;
  options: readonly TCheckboxOption[];
  /** react-hook-form's register(name), spread on every box: it collects the checked values. */
  registration: UseFormRegisterReturn;
  /** The one message for this group (spec §5), tied to it with aria-describedby. */
  error?: string;
  hint?: string;
  /** Grid columns on wide screens. */
  columns?: 1 | 2 | 3;
};

const COLUMNS = { 1: "", 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3" } as const;

/**
 * Several of a list (fieldset + legend), each a label holding its box, so the whole row is
 * the 44 px target (WCAG 2.5.8). A checked row gets a darker border beside the tick, so the
 * choice is never shown by colour alone. The checkbox twin of ChoiceGroup.
 */
export function CheckboxGroup({ legend, options, registration, error, hint, columns = 2 }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset aria-describedby={describedBy} className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold text-neutral-900">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-neutral-700">
          {hint}
        </p>
      ) : null}
      <div className={`grid grid-cols-1 gap-2 ${COLUMNS[columns]}`}>
        {options.map((option) => (
          <label
            key={option.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-shape border-2 border-neutral-300 bg-white px-3 py-2 text-neutral-900 has-[:checked]:border-neutral-800"
          >
            <input
              type="checkbox"
              value={option.value}
              aria-invalid={error ? true : undefined}
              className="size-5 shrink-0 accent-neutral-800"
              {...registration}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
