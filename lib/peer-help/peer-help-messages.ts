import type { AbstractIntlMessages } from "next-intl";

type TMessages = Record<string, unknown>;
const pick = (messages: TMessages, key: string): TMessages =>
  (messages[key] as TMessages | undefined) ?? {};

/**
 * What the peer-help board needs on the public page, which has no app providers
 * (docs/public-pages.md): its own texts and the shared form, loader and mutation parts.
 */
export function peerHelpMessages(messages: TMessages): AbstractIntlMessages {
  const common = pick(messages, "common");
  return {
    peerHelp: { board: pick(pick(messages, "peerHelp"), "board") },
    // The answer form checks a message as the conversation's composer does.
    conversations: { composer: pick(pick(messages, "conversations"), "composer") },
    common: { loading: common.loading } as AbstractIntlMessages,
    lists: pick(messages, "lists"),
    validation: pick(messages, "validation"),
    mutations: pick(messages, "mutations"),
  } as AbstractIntlMessages;
}
