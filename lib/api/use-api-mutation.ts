"use client";
import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { isApiError } from "@/lib/api/errors";
import { invalidateKeys } from "@/lib/api/query-client";
import { auditKeys } from "@/lib/api/query-keys";
import type { Translator } from "@/lib/i18n/translator";
import { useToast } from "@/lib/toasts/use-toast";

/**
 * Why a change was refused, in the active language (toasts; issue 4: "toasts on success and
 * failure"). The api's own details are English and meant for developers; people get the
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
  /** The query keys the change affects (STYLE.md: exactly those are invalidated). */
  invalidates: readonly QueryKey[];
  /** The success toast's title; none when it returns undefined. */
  success?: (variables: TVariables, result: TResult) => string | undefined;
  /** The failure toast's title (its message says why: refusalText). */
  failure: (variables: TVariables) => string;
  /** Texts for statuses the caller knows more about (e.g. 409: "still has users"). */
  reasons?: Partial<Record<number, string>>;
  onSuccess?: (result: TResult, variables: TVariables) => void;
};

/** A change through the api with its toasts and the invalidation of what it changed. */
export function useApiMutation<TVariables, TResult>(options: TOptions<TVariables, TResult>) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const t = useTranslations();
  return useMutation({
    mutationFn: options.mutationFn,
    onSuccess: (result, variables) => {
      const title = options.success?.(variables, result);
      if (title) toast.success(title);
      options.onSuccess?.(result, variables);
      // Every administrative change writes an audit entry (docs/audit-log.md).
      void invalidateKeys(queryClient, [...options.invalidates, auditKeys.all]);
    },
    onError: (error, variables) => {
      toast.danger(options.failure(variables), {
        message: refusalText(t, error, options.reasons),
      });
    },
  });
}
