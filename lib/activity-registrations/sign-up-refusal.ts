import { isApiError } from "@/lib/api/errors";
import { refusalText } from "@/lib/api/use-api-mutation";
import type { Translator } from "@/lib/i18n/translator";
import { cancelRefusal, registrationRefusal } from "./registration-api";

/**
 * What the island says when POST /activity_registrations failed: the two refusals of the
 * contract in words of their own, a session that ended, and otherwise the reason the status
 * stands for (refusalText). The api's own details are English and meant for developers.
 */
export function signUpRefusalText(t: Translator, error: unknown): string {
  switch (registrationRefusal(error)) {
    case "taken":
      return t("activitySignUp.panel.taken");
    case "registration_closed":
      return t("activitySignUp.panel.registrationClosed");
  }
  if (isApiError(error) && error.statusCode === 401) return t("activitySignUp.panel.signedOut");
  return t("activitySignUp.panel.signUpFailed", { reason: refusalText(t, error) });
}

/**
 * What the island says when DELETE failed. The island stops offering it once the activity
 * has begun, but a page left open across the start still has the button.
 */
export function cancelRefusalText(t: Translator, error: unknown): string {
  if (cancelRefusal(error) === "started") return t("activitySignUp.panel.cancelStarted");
  if (isApiError(error) && error.statusCode === 401) return t("activitySignUp.panel.signedOut");
  return t("activitySignUp.panel.cancelFailed", { reason: refusalText(t, error) });
}
