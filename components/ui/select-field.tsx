"use client";

import type { ComponentProps } from "react";
import { controlBorder, FieldShell } from "./field-shell";

type Props = Omit<ComponentProps<"select">, "id"> & {
  label: string;
  /** The one message for this field (spec §5), tied to the select with aria-describedby. */
  error?: string;
  hint?: string;
  options: readonly { value: string; label: string }[];
  /** A first option with an empty value ("Choose…"). */
  placeholder?: string;
};

export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  className,
  required,
  ...selectProps
}: Props) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <select
          {...control}
          className={`min-h-11 rounded-shape border-2 bg-white px-3 py-2 text-base text-neutral-900 ${controlBorder(error)}`}
          {...selectProps}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldShell>
  );
}
