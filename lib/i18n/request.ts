import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { localeCookieName, timeZone, urlLocaleHeaderName } from "./config";
import { negotiateLocale } from "./negotiate";
import { loadTenantMessages } from "./tenant-messages";

// No locale routing (spec §1: no language prefix in paths): the locale comes from the
// request itself, so every server render negotiates it from cookie and Accept-Language.
// The messages are the bundled ones with the tenant's overrides (lib/i18n/tenant-messages.ts).
export default getRequestConfig(async () => {
  const [cookieStore, headerList, tenant] = await Promise.all([
    cookies(),
    headers(),
    getCurrentTenant(),
  ]);
  const locale = negotiateLocale({
    fromUrl: headerList.get(urlLocaleHeaderName),
    cookie: cookieStore.get(localeCookieName)?.value,
    acceptLanguage: headerList.get("accept-language"),
  });
  return { locale, timeZone, messages: await loadTenantMessages(locale, tenant) };
});
