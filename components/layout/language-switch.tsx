"use client";

import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useId, useTransition } from "react";
import { isLocale, localeCookieMaxAge, localeCookieName } from "@/lib/i18n/config";

/**
 * Language choice for tenants with language switching (spec §1). Stores the choice in
 * the locale cookie (spec §9: 365 days) and re-renders the server components.
 */
export function LanguageSwitch() {
  const t = useTranslations("layout.language");
  const locale = useLocale();
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const id = useId();

  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium text-neutral-900">
        {t("label")}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          // biome-ignore lint/suspicious/noDocumentCookie: a plain, non-HttpOnly preference cookie read by the server
          document.cookie = `${localeCookieName}=${next}; Path=/; Max-Age=${localeCookieMaxAge}; SameSite=Lax`;
          startTransition(() => router.refresh());
        }}
        className="rounded-shape border-2 border-neutral-500 bg-white px-2 py-1 text-neutral-900"
      >
        <option value="nl" lang="nl">
          {t("nl")}
        </option>
        <option value="en" lang="en">
          {t("en")}
        </option>
      </select>
    </div>
  );
}
