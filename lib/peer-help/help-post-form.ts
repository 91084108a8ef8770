import { z } from "zod";
import { HELP_POST_CATEGORIES, HELP_POST_KINDS, HELP_POST_LIMITS } from "@/lib/contract/help-posts";
import type { Translator } from "@/lib/i18n/translator";

/** The most a typed place may be: a town's name or a postcode, with room to spare. */
export const PLACE_MAX = 100;

/** The post form's rules, the api's own (backend/routes/help-posts.ts), checked before sending. */
export const helpPostSchema = (t: Translator) => {
  const tooLong = t("peerHelp.board.invalid");
  return z.object({
    kind: z.enum(HELP_POST_KINDS),
    category: z.enum(HELP_POST_CATEGORIES),
    title: z.string().trim().min(1).max(HELP_POST_LIMITS.title, tooLong),
    body: z.string().trim().max(HELP_POST_LIMITS.body, tooLong),
    timing: z.string().trim().max(HELP_POST_LIMITS.timing, tooLong),
    place: z.string().trim().min(1).max(PLACE_MAX, tooLong),
  });
};

export const hidePostSchema = (t: Translator) =>
  z.object({
    reason: z
      .string()
      .trim()
      .min(1)
      .max(HELP_POST_LIMITS.hiddenReason, t("peerHelp.board.invalid")),
  });
