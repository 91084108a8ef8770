import { z } from "zod";
import { APPLICATION_LIMITS } from "@/lib/contract/applications";
import type { Translator } from "@/lib/i18n/translator";

/**
 * The apply form (components/applications/apply-form.tsx): a motivation of at most
 * APPLICATION_LIMITS.motivation characters, which may be left empty (name and contact come
 * from the account). The api checks the same limit (`too_long` on the motivation).
 */
export const applySchema = (t: Translator) =>
  z.object({
    motivation: z
      .string()
      .trim()
      .max(
        APPLICATION_LIMITS.motivation,
        t("applications.apply.tooLong", { max: String(APPLICATION_LIMITS.motivation) }),
      ),
  });
export type TApplyValues = z.infer<ReturnType<typeof applySchema>>;
