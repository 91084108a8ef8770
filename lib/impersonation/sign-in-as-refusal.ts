import { isApiError } from "@/lib/api/errors";
import { refusalText } from "@/lib/api/use-api-mutation";
import type { Translator } from "@/lib/i18n/translator";

/**
 * Why the api would not let the admin sign in as someone, in the active language. A 422
 * names the reason in its code on /data/attributes/user_id
 * (docs/impersonation-and-account-deletion.md); 409 means the session already acts for
 * someone else. Anything else is the general refusal text.
 */
export function signInAsRefusal(t: Translator, error: unknown): string {
  if (isApiError(error) && error.statusCode === 422) {
    const code = error.errors.find((e) => e.source?.pointer === "/data/attributes/user_id")?.code;
    switch (code) {
      case "anonymized":
        return t("impersonation.refusal.anonymized");
      case "archived":
        return t("impersonation.refusal.archived");
      case "invited":
        return t("impersonation.refusal.invited");
      case "inactive":
        return t("impersonation.refusal.inactive");
      case "unconfirmed":
        return t("impersonation.refusal.unconfirmed");
      case "wrong_center":
        return t("impersonation.refusal.wrongCenter");
      default:
        break;
    }
  }
  return refusalText(t, error, { 409: t("impersonation.refusal.alreadyImpersonating") });
}
