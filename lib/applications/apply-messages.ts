import type { AbstractIntlMessages } from "next-intl";

type TMessages = Record<string, unknown>;

const pick = (messages: TMessages, key: string): TMessages =>
  (messages[key] as TMessages | undefined) ?? {};

/**
 * The messages the apply island's form needs on a public vacancy page, which has no app
 * providers (docs/public-pages.md): its own texts and the statuses, plus what the shared
 * form and loader parts say (validation, refusals, loading, "Try again", the questions). Only these are
 * sent with the page, not the whole catalogue.
 */
export function applyMessages(messages: TMessages, questions = false): AbstractIntlMessages {
  const applications = pick(messages, "applications");
  const common = pick(messages, "common");
  return {
    applications: { apply: pick(applications, "apply"), statuses: pick(applications, "statuses") },
    common: { loading: common.loading } as AbstractIntlMessages,
    lists: { retry: pick(messages, "lists").retry } as AbstractIntlMessages,
    validation: pick(messages, "validation"),
    mutations: pick(messages, "mutations"),
    // A vacancy's application questions speak as /forms/:token does (docs/forms.md); a
    // vacancy that asks none does not carry their texts.
    ...(questions ? { forms: pick(messages, "forms") } : {}),
  } as AbstractIntlMessages;
}
