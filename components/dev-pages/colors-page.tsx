import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { isTenantSlug, TENANT_SLUGS } from "@/lib/tenants/slugs";
import { getTenant } from "@/lib/tenants/tenants";
import { TenantColors } from "./tenant-colors";

type Props = { path: string; chosen: string | string[] | undefined };

/**
 * /dev/colors and /test/colors: one tenant's palette at a time (`?tenant=<slug>`, this
 * site's by default), with a link to each of the others; all six tables at once would make
 * a page of some 2,000 cells.
 */
export async function ColorsPage({ path, chosen }: Props) {
  const t = await getTranslations("devPages.colors");
  const value = Array.isArray(chosen) ? chosen[0] : chosen;
  const tenant = isTenantSlug(value) ? getTenant(value) : await getCurrentTenant();
  return (
    <>
      <nav aria-label={t("tenants")}>
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {TENANT_SLUGS.map((slug) => (
            <li key={slug}>
              <Link
                href={`${path}?tenant=${slug}`}
                prefetch={false}
                aria-current={slug === tenant.slug ? "page" : undefined}
                className="aria-[current=page]:font-bold"
              >
                {getTenant(slug).displayName}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <TenantColors tenant={tenant} />
    </>
  );
}
