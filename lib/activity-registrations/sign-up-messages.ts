import type { AbstractIntlMessages } from "next-intl";

type TMessages = Record<string, unknown>;
const pick = (messages: TMessages, key: string): TMessages =>
  (messages[key] as TMessages | undefined) ?? {};

/**
 * What the sign-up island's panel needs on a public activity page, which has no app
 * providers (docs/public-pages.md): its own texts, the confirm dialog's "Cancel", the loader
 * and its "Try again", and the reasons a change was refused. Only these travel with the page.
 */
export function signUpMessages(messages: TMessages): AbstractIntlMessages {
  const common = pick(messages, "common");
  return {
    activitySignUp: { panel: pick(pick(messages, "activitySignUp"), "panel") },
    common: { loading: common.loading, cancel: common.cancel } as AbstractIntlMessages,
    lists: { retry: pick(messages, "lists").retry } as AbstractIntlMessages,
    mutations: pick(messages, "mutations"),
  } as AbstractIntlMessages;
}
