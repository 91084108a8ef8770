import { errorTexts } from "@/components/errors/error-texts";
import { errorMessages, isApiError, isWrongCenter } from "@/lib/api/errors";
import { classifyError } from "@/lib/errors/error-kind";
import { retryAfterOf } from "@/lib/errors/retry-after";
import type { Translator } from "@/lib/i18n/translator";

export type AuthErrorText = { title: string; description?: string };

/** 429 (decisions.md, Auth: rate limits answer with Retry-After in seconds). */
export function tooManyAttemptsText(t: Translator, error: unknown): string {
  const seconds = retryAfterOf(error);
  if (seconds === undefined || seconds <= 0) return t("auth.errors.tooManyLater");
  if (seconds < 60) return t("auth.errors.tooManySeconds", { seconds });
  return t("auth.errors.tooManyMinutes", { minutes: Math.ceil(seconds / 60) });
}

/** Anything else: spec §8 'Other' (network failures and 5xx alike). */
export function genericErrorText(t: Translator, error: unknown): AuthErrorText {
  const { code } = classifyError(error);
  return errorTexts(t, "generic", code);
}

/**
 * What the sign-in form says about a failed sign-in. The api's 401 messages are
 * devise_token_auth's English texts (api-contract.md §1.4); we recognise them and show
 * our own localized text instead.
 */
export function signInErrorText(t: Translator, error: unknown): AuthErrorText {
  if (isWrongCenter(error)) {
    return {
      title: t("errors.wrongCenter.title"),
      description: t("errors.wrongCenter.description"),
    };
  }
  if (isApiError(error) && error.statusCode === 429)
    return { title: tooManyAttemptsText(t, error) };
  if (isApiError(error) && error.statusCode === 401) {
    const message = errorMessages(error).join(" ").toLowerCase();
    if (message.includes("locked")) return { title: t("auth.errors.locked") };
    if (message.includes("confirm")) return { title: t("auth.errors.unconfirmed") };
    // The api's own refusal of an inactive or archived account (spec §1: inactive users are
    // not allowed), sent only after the right password.
    if (message.includes("not active")) return { title: t("auth.errors.inactive") };
    return { title: t("auth.errors.invalidCredentials") };
  }
  return genericErrorText(t, error);
}
