"use client";

import { type Control, Controller, type FieldPath, type FieldValues } from "react-hook-form";
import { RichTextField } from "./rich-text-field";

type Props<T extends FieldValues> = {
  control: Control<T>;
  /** A string field of the form: the HTML the editor writes. */
  name: FieldPath<T>;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
};

/**
 * The rich-text field bound to a react-hook-form field: the editor is no native input, so it
 * is registered through a Controller, and its ref lets the form focus it on an error.
 */
export function RichTextFormField<T extends FieldValues>({ control, name, ...field }: Props<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: bound }) => (
        <RichTextField
          {...field}
          value={bound.value}
          onChange={bound.onChange}
          onBlur={bound.onBlur}
          ref={bound.ref}
        />
      )}
    />
  );
}
