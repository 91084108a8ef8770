"use client";
import type { QueryKey } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { api } from "@/lib/api";
import { siteSettingKeys } from "@/lib/api/query-keys";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import { refreshPublicSite } from "./refresh-public-site";
import { saveSiteSettings } from "./site-settings-api";
import type { TSiteSettingsChange } from "./site-settings-types";

/**
 * PUT /api/v1/site_settings/:id for /instellingen/design and /footer, then the public site
 * follows at once: this web process forgets its cached copy (a server action); the caller
 * draws the page again (router.refresh), so <html> carries the new theme and the footer
 * the new text.
 */
export async function saveSiteSettingsAndRefresh(centreId: string, change: TSiteSettingsChange) {
  const saved = await saveSiteSettings(api, centreId, change);
  await refreshPublicSite();
  return saved;
}

/** The queries that show a centre's settings: its own, and the site's when it is the site's centre. */
export const siteSettingsChangeKeys = (centreId: string): readonly QueryKey[] => [
  siteSettingKeys.detail(centreId),
  siteSettingKeys.site(),
];

/** The design's "back to the site's design": a confirmed action, not a form. */
export function useResetSiteDesign(centreId: string, onSuccess?: () => void) {
  const t = useTranslations("settings.toasts");
  const router = useRouter();
  return useApiMutation({
    mutationFn: () => saveSiteSettingsAndRefresh(centreId, { theme: {} }),
    invalidates: siteSettingsChangeKeys(centreId),
    success: () => t("reset"),
    failure: () => t("failed"),
    onSuccess: () => {
      onSuccess?.();
      router.refresh();
    },
  });
}
