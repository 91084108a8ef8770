import { NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";

/**
 * Messages for one client island of a public page (docs/public-pages.md): the public pages
 * have no app-wide NextIntlClientProvider, so an island that translates in the browser gets
 * only its own namespaces here, and next-intl's client code ships with that page alone.
 */
export async function ScopedMessages({
  namespaces,
  children,
}: {
  namespaces: string[];
  children: ReactNode;
}) {
  const messages: Record<string, unknown> = await getMessages();
  const picked = Object.fromEntries(namespaces.map((name) => [name, messages[name]]));
  return <NextIntlClientProvider messages={picked}>{children}</NextIntlClientProvider>;
}
