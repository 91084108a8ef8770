"use client";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { isApiError } from "@/lib/api/errors";
import { invalidateKeys } from "@/lib/api/query-client";
import { auditKeys } from "@/lib/api/query-keys";
import type { Translator } from "@/lib/i18n/translator";
import { useToast } from "@/lib/toasts/use-toast";

/**
 * Why a change was refused, in the active language (toasts on success and
 * failure). The api's own details are English and meant for developers; people get the
 * reason its status stands for, or the caller's text for a status it knows more about.
 */
export function refusalText(
  t: Translator,
  error: unknown,
  specific: Partial<Record<number, string>> = {},
): string {
  const status = isApiError(error) ? error.statusCode : 0;
  const own = specific[status];
  if (own) return own;
  switch (status) {
    case 401:
      return t("mutations.unauthorized");
    case 403:
      return t("mutations.forbidden");
    case 404:
      return t("mutations.notFound");
    case 409:
      return t("mutations.conflict");
    case 422:
      return t("mutations.invalid");
    case 429:
      return t("mutations.tooMany");
    case 0:
      return t("mutations.offline");
    default:
      return t("mutations.failed", { code: String(status) });
  }
}

type TOptions<TVariables, TResult> = {
  mutationFn: (variables: TVariables) => Promise<TResult>;
  /**
   * The query keys the change affects (STYLE.md: exactly those are invalidated), or a
   * function of the answer when they depend on it.
   */
  invalidates:
    | readonly QueryKey[]
    | ((result: TResult, variables: TVariables) => readonly QueryKey[]);
  /**
   * The change writes an audit entry (every administrative change does, docs/audit-log.md):
   * the audit log's lists are refreshed too. Default true.
   */
  audited?: boolean;
  /** The success toast's title; none when it returns undefined. */
  success?: (variables: TVariables, result: TResult) => string | undefined;
  /**
   * The failure toast's title (its message says why: refusalText). A form leaves it out:
   * it says why above its fields (lib/forms/use-api-form.ts).
   */
  failure?: (variables: TVariables) => string;
  /** Texts for statuses the caller knows more about (e.g. 409: "still has users"). */
  reasons?: Partial<Record<number, string>>;
  /** The failure toast's message, when the caller says it better than refusalText. */
  failureMessage?: (error: unknown) => string | undefined;
  onSuccess?: (result: TResult, variables: TVariables) => void | Promise<void>;
  /** Runs first on a failure; "handled" when it dealt with it (no toast then). */
  onError?: (error: unknown, variables: TVariables) => "handled" | undefined;
};

/**
 * The one way to change something through the api (docs/forms-and-data.md): its toasts and
 * the invalidation of exactly what it changed. Forms use it through useApiForm.
 */
export function useApiMutation<TVariables, TResult>(options: TOptions<TVariables, TResult>) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const t = useTranslations();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: async (result, variables) => {
      const title = options.success?.(variables, result);
      if (title) toast.success(title);
      const keys =
        typeof options.invalidates === "function"
          ? options.invalidates(result, variables)
          : options.invalidates;
      void invalidateKeys(queryClient, [
        ...keys,
        ...(options.audited === false ? [] : [auditKeys.lists()]),
      ]);
      await options.onSuccess?.(result, variables);
    },
    onError: (error, variables) => {
      if (options.onError?.(error, variables) === "handled" || !options.failure) return;
      const message = options.failureMessage
        ? options.failureMessage(error)
        : refusalText(t, error, options.reasons);
      toast.danger(options.failure(variables), message ? { message } : undefined);
    },
  });
}
