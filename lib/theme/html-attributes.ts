import type { TTenantConfig } from "@/lib/tenants/tenants";

// Placeholder until the theme work lands (owned by the theme helper).
export function themeHtmlAttributes(tenant: TTenantConfig): Record<string, string | undefined> {
  return { "data-contrast": tenant.highContrast ? "high" : undefined };
}
