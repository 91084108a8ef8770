import type { AbstractIntlMessages } from "next-intl";
import type { AppLocale } from "@/lib/i18n/config";
import { createStore } from "@/lib/store/create-store";

/**
 * The language, time zone and messages of a signed-in visitor's page with the light chrome,
 * as the signed-in toolbar received them (components/layout/signed-in-toolbar.tsx), for the
 * other islands of the page that only draw something for a signed-in visitor (the apply
 * panel of /vacancies/:id). A public page is the same for everyone and cached, so it cannot
 * carry those messages itself without every signed-out visitor's payload carrying them too,
 * unused; the toolbar's are only in the page of someone signed in.
 */
export type TSignedInIntl = {
  locale: AppLocale;
  timeZone: string;
  messages: AbstractIntlMessages;
};

export const signedInIntl = createStore<{ value: TSignedInIntl | null }>({ value: null });

/** Called by the toolbar while it renders; a same value changes nothing. */
export function publishSignedInIntl(value: TSignedInIntl): void {
  const current = signedInIntl.getSnapshot().value;
  if (
    current &&
    current.locale === value.locale &&
    current.timeZone === value.timeZone &&
    current.messages === value.messages
  )
    return;
  signedInIntl.setState({ value });
}
