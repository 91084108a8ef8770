import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { RichText } from "@/components/content/rich-text";
import { buttonClassName } from "@/components/ui/button";
import { loadContentPage } from "@/lib/content/content-api";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { publicMetadata } from "@/lib/seo/public-metadata";

/**
 * spec §2 '/gelderse-handen': the Gelderse Handen landing page, in the empty layout (no
 * header or footer) and always light. Its text is the tenant's 'gelderse-handen' content
 * page (seeded on oldebroek); a tenant without one shows the campaign's own words from
 * messages rather than a 404, because GELDERSE_HANDEN_HOST sends every path of its host
 * here, whichever tenant that host resolves to (docs/content-pages.md).
 */

export async function generateMetadata() {
  const t = await getTranslations("gelderseHanden");
  const page = await loadContentPage("gelderse-handen");
  return publicMetadata({
    title: page?.title ?? t("title"),
    description: page?.summary ?? t("intro"),
    path: "/gelderse-handen",
    image: page?.imageUrl,
  });
}

export default async function GelderseHandenPage() {
  const t = await getTranslations("gelderseHanden");
  const [page, tenant] = await Promise.all([
    loadContentPage("gelderse-handen"),
    getCurrentTenant(),
  ]);
  return (
    <div className="flex-1 bg-white text-neutral-900">
      <div className="bg-primary-800 px-4 py-16 text-white sm:py-24">
        <div className="mx-auto max-w-3xl">
          <h1 className="text-4xl font-bold sm:text-5xl">{page?.title ?? t("title")}</h1>
          <p className="mt-4 text-xl">{page?.summary ?? t("intro")}</p>
          <p className="mt-8">
            <Link
              href="/vacancies/search"
              className={buttonClassName({ variant: "outline", className: "min-h-11" })}
            >
              {t("cta")}
            </Link>
          </p>
        </div>
      </div>
      <div className="mx-auto max-w-3xl px-4 py-12" lang={page?.locale}>
        <RichText html={page?.body} />
        <p className="mt-10">
          <Link href="/" className="inline-block py-2 font-semibold">
            {t("backHome", { site: tenant.displayName })}
          </Link>
        </p>
      </div>
    </div>
  );
}
