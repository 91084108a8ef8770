"use client";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { api } from "@/lib/api";
import { siteSettingKeys } from "@/lib/api/query-keys";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { refreshPublicSite } from "./refresh-public-site";
import { saveSiteSettings } from "./site-settings-api";
import type { TSiteSettingsChange } from "./site-settings-types";

type TSave = { change: TSiteSettingsChange; reset?: boolean };

/**
 * PUT /api/v1/site_settings/:id for /instellingen/design and /footer, then the public site
 * follows at once: this web process forgets its cached copy (a server action) and the page
 * is drawn again (router.refresh), so <html> carries the new theme and the footer the new text.
 */
export function useSaveSiteSettings(centreId: string) {
  const t = useTranslations("settings.toasts");
  const router = useRouter();
  return useApiMutation({
    mutationFn: async ({ change }: TSave) => {
      const saved = await saveSiteSettings(api, centreId, change);
      await refreshPublicSite();
      return saved;
    },
    invalidates: [siteSettingKeys.all],
    success: ({ reset }) => (reset ? t("reset") : t("saved")),
    failure: () => t("failed"),
    onSuccess: () => router.refresh(),
  });
}
