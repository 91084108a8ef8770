"use client";

import { type ComponentProps, useId } from "react";

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
      <select
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`min-h-11 rounded-shape border-2 bg-white px-3 py-2 text-base text-neutral-900 ${
          error ? "border-danger-700" : "border-neutral-500"
        }`}
        {...selectProps}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
