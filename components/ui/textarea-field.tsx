"use client";

import { type ComponentProps, useId } from "react";

type Props = Omit<ComponentProps<"textarea">, "id"> & {
  label: string;
  /** The one message for this field (spec §5), tied to the textarea with aria-describedby. */
  error?: string;
  hint?: string;
};

export function TextareaField({ label, error, hint, className, required, ...props }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="font-medium text-neutral-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-neutral-700">
          {hint}
        </p>
      ) : null}
      <textarea
        id={id}
        rows={4}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`rounded-shape border-2 bg-white px-3 py-2 text-base text-neutral-900 ${
          error ? "border-danger-700" : "border-neutral-500"
        }`}
        {...props}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
