import { z } from "zod";
import { CONVERSATION_LIMITS } from "@/lib/contract/conversations";
import type { Translator } from "@/lib/i18n/translator";

/**
 * The composer (components/conversations/message-composer.tsx): a message of 1 to
 * CONVERSATION_LIMITS.message characters after trimming, plain text. The api checks the same
 * (a 422 on `/data/attributes/body`).
 */
export const messageSchema = (t: Translator) =>
  z.object({
    body: z
      .string()
      .trim()
      .min(1, t("conversations.composer.empty"))
      .max(
        CONVERSATION_LIMITS.message,
        t("conversations.composer.tooLong", { max: String(CONVERSATION_LIMITS.message) }),
      ),
  });
export type TMessageValues = z.infer<ReturnType<typeof messageSchema>>;
