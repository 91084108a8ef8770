"use client";

import type { QueryKey } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useCallback, useState } from "react";
import type { DefaultValues, FieldErrors, FieldValues, Path } from "react-hook-form";
import type { z } from "zod";
import { type ApiErrorObject, isApiError } from "@/lib/api/errors";
import { refusalText, useApiMutation } from "@/lib/api/use-api-mutation";
import type { Translator } from "@/lib/i18n/translator";
import {
  ATTRIBUTES_ROOT,
  splitApiErrors,
  type TFieldError,
  type TFormFields,
} from "./api-field-errors";
import { problemOf } from "./api-field-problems";
import { fieldProblemText } from "./field-problem-text";
import { useSteadyMessages } from "./use-steady-messages";
import { type SchemaFactory, useZodForm } from "./use-zod-form";

/** What the form says above its fields when a save failed. */
export type TFormFailure = { title: string; description?: string; taken?: boolean };

type TSchema = z.ZodType<FieldValues, FieldValues>;

export type TApiFormOptions<S extends TSchema, TResult> = {
  /** A module-level factory (useZodForm): the form's rules, localized. */
  schema: SchemaFactory<S>;
  defaultValues: DefaultValues<z.input<S>>;
  /** Localized field names, for messages that name the field. */
  fieldLabels?: Partial<Record<string, string>>;
  /** Sends the valid values to the api. A rejection (ApiError) keeps everything typed. */
  submit: (values: z.output<S>) => Promise<TResult>;
  /**
   * The query keys the change affects, exactly those (STYLE.md): every query that shows
   * what changed, and no other. A function when they depend on the answer.
   */
  invalidates:
    | readonly QueryKey[]
    | ((result: TResult, values: z.output<S>) => readonly QueryKey[]);
  /** The change writes an audit entry (administrative changes do): the log is refreshed. */
  audited?: boolean;
  /** The success toast's title; none when it returns undefined. */
  success?: (result: TResult, values: z.output<S>) => string | undefined;
  /** Runs after the success toast (navigate, reset a dialog …). */
  onSuccess?: (result: TResult, values: z.output<S>) => void | Promise<void>;
  /**
   * The form-level title when the api refused; the description says why (refusalText).
   * Without it the reason is the title. A function when it names what was sent.
   */
  failureTitle?: string | ((values: z.output<S>) => string);
  /** The title when every problem is on a field (default: "Check the fields marked"). */
  checkFieldsTitle?: string;
  /** Texts for statuses the caller knows more about (e.g. 409: "still has users"). */
  reasons?: Partial<Record<number, string>>;
  /**
   * The localized message for a 422 on a field. Default: the kind of problem (blank, taken,
   * too long, a format) in the form's words, naming the field by its label.
   */
  fieldMessage?: (field: string, error: ApiErrorObject, values: z.output<S>) => string;
  /**
   * Where a pointer may land. Default: every field the submitted values have (arrays
   * included: `links.0.url`); a record maps an api path to the field that shows it.
   */
  fields?: TFormFields | ((values: z.output<S>) => TFormFields);
  /** The pointer below which the form's fields are (default `/data/attributes`). */
  pointerRoot?: string;
  /** A refusal the form explains its own way (return undefined for the default). */
  describeFailure?: (error: unknown, placed: readonly TFieldError[]) => TFormFailure | undefined;
  /**
   * Ask before the write: submitting validates and holds the values in `confirmation`
   * (render a ConfirmDialog from it); only `confirmation.confirm()` sends them. For a
   * change the user may not be able to undo themselves (moving an organisation away).
   */
  confirmFirst?: boolean;
};

/** The dot paths of every leaf of a form's values: `address.postalCode`, `links.0.url`. */
export function leafPaths(value: unknown, prefix = ""): string[] {
  if (Array.isArray(value) || (value !== null && typeof value === "object")) {
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length === 0) return prefix ? [prefix] : [];
    return entries.flatMap(([key, item]) => leafPaths(item, prefix ? `${prefix}.${key}` : key));
  }
  return prefix ? [prefix] : [];
}

/** Each field's message, by dot path, from react-hook-form's nested errors. */
export function errorMessages(errors: FieldErrors, prefix = ""): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [key, entry] of Object.entries(errors)) {
    if (!entry || typeof entry !== "object" || key === "ref") continue;
    const path = prefix ? `${prefix}.${key}` : key;
    const message = (entry as { message?: unknown }).message;
    if (typeof message === "string" && message !== "") found[path] = message;
    // `root` and array entries nest further; a field's own entry has `type` and `ref` too.
    Object.assign(found, errorMessages(entry as FieldErrors, path));
  }
  return found;
}

/** The default message for a field the api refused: its kind of problem, localized. */
export function defaultFieldMessage(
  t: Translator,
  labels: Partial<Record<string, string>> | undefined,
) {
  return (field: string, error: ApiErrorObject) =>
    fieldProblemText(t, problemOf(error, field), labels?.[field] ?? field);
}

/**
 * The one way to write a form that saves through the api (docs/forms-and-data.md):
 * - spec §5 validation (useZodForm: on blur, first failing rule, localized);
 * - the save as a mutation (useApiMutation), with a success toast and the invalidation of
 *   exactly the query keys the caller names;
 * - a 422's `errors[].source.pointer` on the fields it names (`/data/attributes/address/
 *   postal_code` → `address.postalCode`), the first one focused; what no field shows, and
 *   any other refusal, becomes the form-level message in the active language;
 * - messages that hold still while a pointer is pressed (useSteadyMessages), so the click
 *   on the submit button lands where it was aimed.
 *
 * Spread `formProps` on the <form>, read a field's message with `message(path)`, render
 * `failure` in a FormError at the top.
 */
export function useApiForm<S extends TSchema, TResult>(options: TApiFormOptions<S, TResult>) {
  const t = useTranslations();
  const form = useZodForm(options.schema, {
    defaultValues: options.defaultValues,
    fieldLabels: options.fieldLabels,
  });
  const [failure, setFailure] = useState<TFormFailure | null>(null);

  const mutation = useApiMutation<z.output<S>, TResult>({
    mutationFn: options.submit,
    invalidates: options.invalidates,
    audited: options.audited ?? false,
    success: (values, result) => options.success?.(result, values),
    onSuccess: async (result, values) => {
      // What was saved is the form's new starting point (isDirty is false again); the
      // caller may still reset it to something else (an empty form for the next one).
      form.reset(values as z.input<S>);
      await options.onSuccess?.(result, values);
    },
  });

  const showFailure = (error: unknown, values: z.output<S>) => {
    const fields =
      typeof options.fields === "function"
        ? options.fields(values)
        : (options.fields ?? new Set(leafPaths(values)));
    const split = splitApiErrors(error, fields, options.pointerRoot ?? ATTRIBUTES_ROOT);
    const message = options.fieldMessage ?? defaultFieldMessage(t, options.fieldLabels);
    split.fields.forEach(({ field, error: item }, index) => {
      form.setError(
        field as Path<z.input<S>>,
        { type: "server", message: message(field, item, values) },
        { shouldFocus: index === 0 },
      );
    });
    const own = options.describeFailure?.(error, split.fields);
    if (own) return setFailure(own);
    const allPlaced =
      isApiError(error) &&
      error.statusCode === 422 &&
      split.fields.length > 0 &&
      split.rest.length === 0;
    const title =
      typeof options.failureTitle === "function"
        ? options.failureTitle(values)
        : options.failureTitle;
    setFailure(
      allPlaced
        ? { title: options.checkFieldsTitle ?? t("validation.checkFields") }
        : title
          ? { title, description: refusalText(t, error, options.reasons) }
          : { title: refusalText(t, error, options.reasons) },
    );
  };

  const save = async (values: z.output<S>) => {
    setFailure(null);
    try {
      await mutation.mutateAsync(values);
    } catch (error) {
      showFailure(error, values);
    }
  };

  // The values waiting for the user's yes (confirmFirst), or null.
  const [held, setHeld] = useState<{ values: z.output<S> } | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    if (options.confirmFirst) {
      setFailure(null);
      setHeld({ values });
      return;
    }
    await save(values);
  });
  const confirmation = {
    /** The validated values the dialog asks about; null while nothing waits. */
    values: held?.values ?? null,
    /** Sends the held values; the dialog closes once the api answered. */
    confirm: async () => {
      if (!held || mutation.isPending) return;
      try {
        await save(held.values);
      } finally {
        setHeld(null);
      }
    },
    cancel: () => {
      if (!mutation.isPending) setHeld(null);
    },
  };

  const steady = useSteadyMessages(errorMessages(form.formState.errors));
  const message = useCallback((field: string) => steady.messages[field], [steady.messages]);

  return {
    form,
    onSubmit,
    /** Spread on the <form>. */
    formProps: {
      method: "post" as const,
      noValidate: true,
      onSubmit,
      onPointerDownCapture: steady.onPointerDownCapture,
    },
    /** The form-level message, or null. */
    failure,
    /** With confirmFirst: what waits for the user's yes, and the yes and no. */
    confirmation,
    setFailure,
    /** A field's message (dot path), held still while a pointer is pressed. */
    message,
    /** Saving, or still busy after the save (the toast and the next page are on their way). */
    pending: form.formState.isSubmitting || mutation.isPending,
    mutation,
  };
}
