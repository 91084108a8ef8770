import "server-only";
import { z } from "zod";
import { serverApi } from "@/lib/api/server";
import { cachedLoader } from "@/lib/api/tenant-cache";
import { publicTenantHeaders } from "@/lib/public/tenant-headers";
import type { TTenantConfig } from "@/lib/tenants/tenants";
import { parseThemeOverrides, type TThemeOverrides } from "@/lib/theme/resolve-theme";

/**
 * The site's own settings (docs/api-site-settings.md): the design and footer its centre's
 * staff chose on /instellingen, and the centre's name and contact details for the footer.
 * Public data, read on the server for every page and cached per tenant (lib/api/tenant-cache.ts).
 * Untrusted as any api answer: a value this build cannot draw is dropped, never rendered.
 */

export type TFooterLink = { label: string; url: string; external: boolean };
export type TSiteCentre = {
  name: string;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  contact: { name: string | null; email: string | null; phone: string | null } | null;
};
export type TSiteSettings = {
  theme: TThemeOverrides;
  footer: { text: string | null; links: TFooterLink[] };
  centre: TSiteCentre | null;
  /** Signed-out visitors read the peer-help posts (docs/peer-help.md). */
  helpPostsPublic: boolean;
};

const text = z
  .string()
  .trim()
  .min(1)
  .nullish()
  .catch(null)
  .transform((v) => v ?? null);
const ZLink = z.object({
  label: z.string().trim().min(1).max(60),
  // The api checks the same; a link that is neither a web address nor a site path is dropped.
  url: z
    .string()
    .trim()
    .refine((url) => /^https?:\/\/[^/\s\\]+/i.test(url) || /^\/(?![/\\])/.test(url)),
});
const ZSettings = z.object({
  volunteerCenterId: z.coerce.string(),
  theme: z.unknown(),
  footer: z
    .object({
      text: text,
      links: z.array(z.unknown()).catch([]).default([]),
    })
    .catch({ text: null, links: [] }),
  helpPostsPublic: z.boolean().catch(false).default(false),
});
const ZCentre = z.object({
  name: z.string(),
  email: text,
  phone: text,
  website: text,
  address: z
    .object({ street: text, houseNumber: text, postalCode: text, city: text })
    .nullish()
    .catch(null),
  profile: z
    .object({ contactName: text, contactEmail: text, contactPhone: text })
    .nullish()
    .catch(null),
});

function addressLine(address: z.output<typeof ZCentre>["address"]): string | null {
  if (!address) return null;
  const street = [address.street, address.houseNumber].filter(Boolean).join(" ");
  const place = [address.postalCode, address.city].filter(Boolean).join(" ");
  return [street, place].filter(Boolean).join(", ") || null;
}

async function fetchSiteSettings(tenant: TTenantConfig): Promise<TSiteSettings> {
  const headers = publicTenantHeaders(tenant);
  const settings = ZSettings.parse(
    (await serverApi.get<unknown>("/api/v1/site_setting", { headers })).data,
  );
  // The centre's own record is public while approved; without it the footer shows no contact.
  const centre = await serverApi
    .get<unknown>(`/api/v1/organizations/${encodeURIComponent(settings.volunteerCenterId)}`, {
      query: { include: "address,profile" },
      headers,
    })
    .then((response) => ZCentre.safeParse(response.data))
    .catch(() => null);
  const links = settings.footer.links.flatMap((raw) => {
    const link = ZLink.safeParse(raw);
    return link.success ? [{ ...link.data, external: !link.data.url.startsWith("/") }] : [];
  });
  const c = centre?.success ? centre.data : null;
  const contact = c?.profile
    ? { name: c.profile.contactName, email: c.profile.contactEmail, phone: c.profile.contactPhone }
    : null;
  return {
    theme: parseThemeOverrides(settings.theme),
    footer: { text: settings.footer.text ?? null, links },
    helpPostsPublic: settings.helpPostsPublic,
    centre: c && {
      name: c.name,
      email: c.email ?? null,
      phone: c.phone ?? null,
      website: c.website ?? null,
      address: addressLine(c.address),
      contact: contact && (contact.name || contact.email || contact.phone) ? contact : null,
    },
  };
}

export const loadSiteSettings = cachedLoader("site settings", fetchSiteSettings);
