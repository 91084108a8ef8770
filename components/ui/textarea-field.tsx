"use client";

import type { ComponentProps } from "react";
import { controlBorder, FieldShell } from "./field-shell";

type Props = Omit<ComponentProps<"textarea">, "id"> & {
  label: string;
  /** The one message for this field (spec §5), tied to the textarea with aria-describedby. */
  error?: string;
  hint?: string;
};

export function TextareaField({ label, error, hint, className, required, ...props }: Props) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <textarea
          rows={4}
          {...control}
          className={`rounded-shape border-2 bg-white px-3 py-2 text-base text-neutral-900 ${controlBorder(error)}`}
          {...props}
        />
      )}
    </FieldShell>
  );
}
