import "./globals.css";
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { NotFoundScreen } from "@/components/errors/interrupt-screens";
import { PublicChrome } from "@/components/layout/public-chrome";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { Document } from "./document";

export async function generateMetadata(): Promise<Metadata> {
  const [t, tenant] = await Promise.all([getTranslations("errors.notFound"), getCurrentTenant()]);
  return { title: `${t("title")} - ${tenant.displayName}` };
}

/**
 * spec §2: an address no page matches gives the 404 screen (texts of spec §8), in the
 * default layout's light public chrome. Next renders this file instead of the root layout
 * (experimental.globalNotFound), so it brings the document itself. The route groups'
 * not-found.tsx serve notFound() inside their layouts; with this file there is no root
 * not-found boundary, which Next would otherwise put, chrome and all, into every page's
 * payload.
 */
export default function GlobalNotFound() {
  return (
    <Document>
      <PublicChrome>
        <NotFoundScreen />
      </PublicChrome>
    </Document>
  );
}
