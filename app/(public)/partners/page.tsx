import { getTranslations } from "next-intl/server";
import { PageTitle } from "@/components/ui/page-title";
import { loadCentres, loadPartners, type TPartner } from "@/lib/content/content-api";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { publicMetadata } from "@/lib/seo/public-metadata";

/**
 * spec §2 '/partners': the collaboration's volunteer centres and the partners of the
 * site's centres (every centre's where the tenant shares them), grouped by centre when
 * there is more than one (docs/content-pages.md).
 */

export async function generateMetadata() {
  const t = await getTranslations("partnersPage");
  const tenant = await getCurrentTenant();
  return publicMetadata({
    title: t("title"),
    description: t("intro", { site: tenant.displayName }),
    path: "/partners",
  });
}

/** Only web addresses become links: the api's value is untrusted. */
const safeUrl = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

function PartnerItem({
  partner,
  t,
  level,
}: {
  partner: TPartner;
  t: Awaited<ReturnType<typeof getTranslations<"partnersPage">>>;
  level: "h3" | "h4";
}) {
  const Heading = level;
  const website = safeUrl(partner.website);
  return (
    <li className="flex gap-4 rounded-shape-lg border border-neutral-300 bg-white p-4">
      {partner.logoUrl ? (
        // biome-ignore lint/performance/noImgElement: small logos; next/image would ship JS for no gain here
        <img
          src={partner.logoUrl}
          alt={t("logoAlt", { name: partner.name })}
          width={96}
          height={48}
          loading="lazy"
          className="h-12 w-24 shrink-0 object-contain"
        />
      ) : null}
      <div className="min-w-0">
        <Heading className="text-lg font-semibold text-neutral-900">{partner.name}</Heading>
        {partner.description ? (
          <p className="mt-1 text-neutral-800">{partner.description}</p>
        ) : null}
        {website ? (
          <p className="mt-2">
            <a href={website} rel="noopener noreferrer" className="inline-block py-1">
              {t("website", { name: partner.name })}
            </a>
          </p>
        ) : null}
      </div>
    </li>
  );
}

export default async function PartnersPage() {
  const t = await getTranslations("partnersPage");
  const [tenant, centres, partners] = await Promise.all([
    getCurrentTenant(),
    loadCentres(),
    loadPartners(),
  ]);
  // Grouped by centre, in the api's order (position) within each group.
  const groups = new Map<string, { name: string; partners: TPartner[] }>();
  for (const partner of partners) {
    const id = partner.volunteerCenter?.id ?? "";
    const group = groups.get(id) ?? { name: partner.volunteerCenter?.name ?? "", partners: [] };
    group.partners.push(partner);
    groups.set(id, group);
  }
  const grouped = groups.size > 1;
  return (
    <div className="max-w-4xl">
      <PageTitle description={t("intro", { site: tenant.displayName })}>{t("title")}</PageTitle>
      <section aria-labelledby="partners-centres" className="mb-10">
        <h2 id="partners-centres" className="text-2xl font-bold text-neutral-900">
          {t("centresHeading")}
        </h2>
        <ul className="mt-4 grid gap-3 sm:grid-cols-2">
          {centres.map((centre) => (
            <li
              key={centre.id}
              className="rounded-shape-lg border border-neutral-300 bg-white p-4 font-semibold text-neutral-900"
            >
              {centre.name}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="partners-list">
        <h2 id="partners-list" className="text-2xl font-bold text-neutral-900">
          {t("partnersHeading")}
        </h2>
        {partners.length === 0 ? (
          <p className="mt-4 text-neutral-800">{t("empty")}</p>
        ) : grouped ? (
          [...groups.entries()].map(([id, group]) => (
            <div key={id} className="mt-6">
              <h3 className="text-xl font-semibold text-neutral-900">
                {t("partnersOf", { centre: group.name })}
              </h3>
              <ul className="mt-3 flex flex-col gap-3">
                {group.partners.map((partner) => (
                  <PartnerItem key={partner.id} partner={partner} t={t} level="h4" />
                ))}
              </ul>
            </div>
          ))
        ) : (
          <ul className="mt-4 flex flex-col gap-3">
            {partners.map((partner) => (
              <PartnerItem key={partner.id} partner={partner} t={t} level="h3" />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
