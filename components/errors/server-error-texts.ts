import "server-only";
import { getTranslations } from "next-intl/server";
import type { ErrorKind } from "@/lib/errors/error-kind";
import { errorTexts } from "./error-texts";
import type { TErrorTexts } from "./error-texts-context";

const KINDS: ErrorKind[] = ["wrongCenter", "unauthorized", "forbidden", "notFound", "generic"];

/** Every error screen's texts (spec §8) in the request's language, for ErrorTextsProvider. */
export async function serverErrorTexts(): Promise<TErrorTexts> {
  const t = await getTranslations();
  return {
    screens: Object.fromEntries(
      KINDS.map((kind) => [kind, errorTexts(t, kind)]),
    ) as TErrorTexts["screens"],
    codeSuffix: t("errors.generic.code", { code: "{code}" }),
    backHome: t("errors.backHome"),
  };
}
