"use client";
import { forgetSiteSettings } from "./forget-site-settings";

/**
 * After a change the public site shows (design, footer, the centre's details): this web
 * process forgets its cached site settings (a server action). A failure here is no failure
 * of the save: the cached copy expires within a minute anyway (lib/api/tenant-cache.ts).
 */
export async function refreshPublicSite(): Promise<void> {
  try {
    await forgetSiteSettings();
  } catch (error) {
    console.warn("Forgetting the cached site settings failed", error);
  }
}
