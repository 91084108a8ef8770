import { isApiError } from "@/lib/api/errors";
import type { TFormFailure } from "@/lib/forms/use-api-form";
import type { Translator } from "@/lib/i18n/translator";
import { applicationRefusal } from "./application-api";

/**
 * What both apply forms (with a motivation, or with name and contact) say above their
 * fields when POST /applications refused: the vacancy closed, an open application already
 * there (the form links to it), or the session ended. Undefined for the rest, which
 * useApiForm describes its own way.
 */
export function describeApplyRefusal(t: Translator, error: unknown): TFormFailure | undefined {
  switch (applicationRefusal(error)) {
    case "vacancy_closed":
      return {
        title: t("applications.apply.closedTitle"),
        description: t("applications.apply.closed"),
      };
    case "already_applied":
      return { title: t("applications.apply.alreadyApplied") };
  }
  if (isApiError(error) && error.statusCode === 401)
    return { title: t("applications.apply.signedOut") };
  return undefined;
}
