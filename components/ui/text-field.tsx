"use client";

import type { ComponentProps } from "react";
import { controlBorder, FieldShell } from "./field-shell";

type Props = Omit<ComponentProps<"input">, "id"> & {
  label: string;
  /** The one message for this field (spec §5), tied to the input with aria-describedby. */
  error?: string;
  hint?: string;
};

export function TextField({ label, error, hint, className, required, ...inputProps }: Props) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <input
          {...control}
          className={`rounded-shape border-2 bg-white px-3 py-2 text-base text-neutral-900 ${controlBorder(error)}`}
          {...inputProps}
        />
      )}
    </FieldShell>
  );
}
