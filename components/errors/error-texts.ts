import type { ErrorKind } from "@/lib/errors/error-kind";
import type { Translator } from "@/lib/i18n/translator";

/** Title and description of each error screen (spec §8), in the active locale. */
export function errorTexts(
  t: Translator,
  kind: ErrorKind,
  code?: number | string,
): { title: string; description: string } {
  switch (kind) {
    case "wrongCenter":
      return {
        title: t("errors.wrongCenter.title"),
        description: t("errors.wrongCenter.description"),
      };
    case "unauthorized":
      return {
        title: t("errors.unauthorized.title"),
        description: t("errors.unauthorized.description"),
      };
    case "forbidden":
      return { title: t("errors.forbidden.title"), description: t("errors.forbidden.description") };
    case "notFound":
      return { title: t("errors.notFound.title"), description: t("errors.notFound.description") };
    case "generic": {
      const suffix = code === undefined ? "" : t("errors.generic.code", { code: String(code) });
      return {
        title: `${t("errors.generic.title")}${suffix}`,
        description: t("errors.generic.description"),
      };
    }
  }
}
