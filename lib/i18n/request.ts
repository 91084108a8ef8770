import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { localeCookieName, timeZone } from "./config";
import { loadMessages } from "./load-messages";
import { negotiateLocale } from "./negotiate";

// No locale routing (spec §1: no language prefix in paths): the locale comes from the
// request itself, so every server render negotiates it from cookie and Accept-Language.
export default getRequestConfig(async () => {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  const locale = negotiateLocale({
    cookie: cookieStore.get(localeCookieName)?.value,
    acceptLanguage: headerList.get("accept-language"),
  });
  return { locale, timeZone, messages: await loadMessages(locale) };
});
