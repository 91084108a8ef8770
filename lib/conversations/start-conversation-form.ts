import { z } from "zod";
import { isApiError } from "@/lib/api/errors";
import { CONVERSATION_LIMITS } from "@/lib/contract/conversations";
import type { Translator } from "@/lib/i18n/translator";

/**
 * Starting a direct thread (components/conversations/start-conversation-form.tsx): a subject
 * of 1 to CONVERSATION_LIMITS.subject characters and a first message of 1 to
 * CONVERSATION_LIMITS.message, both after trimming, as the api checks them (422 on the field).
 */
export const startConversationSchema = (t: Translator) =>
  z.object({
    subject: z
      .string()
      .trim()
      .min(1, t("conversations.start.subjectEmpty"))
      .max(
        CONVERSATION_LIMITS.subject,
        t("conversations.start.subjectTooLong", { max: String(CONVERSATION_LIMITS.subject) }),
      ),
    body: z
      .string()
      .trim()
      .min(1, t("conversations.start.bodyEmpty"))
      .max(
        CONVERSATION_LIMITS.message,
        t("conversations.start.bodyTooLong", { max: String(CONVERSATION_LIMITS.message) }),
      ),
  });
export type TStartConversationValues = z.infer<ReturnType<typeof startConversationSchema>>;

/** The api refused the volunteer (unknown, not active, or oneself): a 422 on the relationship. */
export const volunteerRefused = (error: unknown): boolean =>
  isApiError(error) &&
  error.statusCode === 422 &&
  error.errors.some((item) => item.source?.pointer === "/data/relationships/volunteer");
