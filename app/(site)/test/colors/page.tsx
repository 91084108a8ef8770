import { DevPage } from "@/components/dev-pages/dev-page";
import { TenantColors } from "@/components/dev-pages/tenant-colors";
import { devPageMetadata } from "@/lib/dev-pages/metadata";
import { TENANT_SLUGS } from "@/lib/tenants/slugs";
import { getTenant } from "@/lib/tenants/tenants";

// Who may open it is the running server's setting (ENABLE_DEV_PAGES), not the build's.
export const dynamic = "force-dynamic";
export const generateMetadata = devPageMetadata("testColors");

/** /test/colors (spec §2): every tenant's palette and its contrast pairings (docs/dev-pages.md). */
export default function Page() {
  return (
    <DevPage page="testColors">
      {TENANT_SLUGS.map((slug) => (
        <TenantColors key={slug} tenant={getTenant(slug)} />
      ))}
    </DevPage>
  );
}
