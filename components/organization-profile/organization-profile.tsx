import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { RichText } from "@/components/content/rich-text";
import { Breadcrumb } from "@/components/public/breadcrumb";
import { JsonLd } from "@/components/seo/json-ld";
import { PageTitle } from "@/components/ui/page-title";
import { organizationJsonLd } from "@/lib/organization-profile/json-ld";
import type { TPublicOrganization } from "@/lib/social-map/api";
import { tagName } from "@/lib/tags/tag-name";

type Props = { organization: TPublicOrganization; origin: string; canonicalUrl: string };

/** Only http(s) links leave the site: a website field with `javascript:` is shown, not linked. */
const safeHref = (url: string | null) => (url && /^https?:\/\//i.test(url) ? url : null);

/**
 * An organisation's public profile (spec §2 /sociale-kaart/:id and /organizations/:id,
 * docs/social-map.md): everything on the server, no JavaScript.
 */
export function OrganizationProfile({ organization: org, origin, canonicalUrl }: Props) {
  const t = useTranslations("organizationProfile");
  const tMap = useTranslations("socialMap");
  const locale = useLocale();
  const labels: Record<string, string> = {
    Organization: tMap("types.Organization"),
    School: tMap("types.School"),
    VolunteerCenter: tMap("types.VolunteerCenter"),
  };
  const address = org.address;
  const profile = org.profile;
  const website = safeHref(org.website);
  const email = profile?.contactEmail ?? org.email;
  const phone = profile?.contactPhone ?? org.phone;
  const vacancies = org.vacancies ?? [];
  const tags = org.tags ?? [];
  return (
    <article className="mx-auto w-full max-w-4xl">
      <Breadcrumb
        origin={origin}
        items={[
          { label: tMap("home"), href: "/" },
          { label: tMap("title"), href: "/sociale-kaart" },
          { label: org.name },
        ]}
      />
      <PageTitle description={org.summary}>{org.name}</PageTitle>
      <div className="grid gap-8 md:grid-cols-3">
        <div className="md:col-span-2">
          <p className="mb-4 text-neutral-800">{labels[org.type]}</p>
          <RichText html={profile?.description} className="mb-8" />
          <section aria-labelledby="organization-vacancies">
            <h2 id="organization-vacancies" className="mb-3 text-xl font-semibold">
              {t("vacancies")}
            </h2>
            {vacancies.length === 0 ? (
              <p className="text-neutral-800">{t("noVacancies")}</p>
            ) : (
              <ul className="divide-y divide-neutral-200">
                {vacancies.map((vacancy) => (
                  <li key={vacancy.id} className="py-3">
                    <Link
                      href={`/vacancies/${vacancy.id}`}
                      className="inline-block py-1 font-semibold"
                    >
                      {vacancy.title}
                    </Link>
                    {vacancy.summary ? <p className="text-neutral-900">{vacancy.summary}</p> : null}
                    <p className="text-sm text-neutral-800">
                      {[
                        vacancy.city,
                        vacancy.hoursPerWeek !== null
                          ? t("hoursPerWeek", { hours: vacancy.hoursPerWeek })
                          : null,
                        vacancy.remote ? t("remote") : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
        <aside className="space-y-6">
          {address ? (
            <section aria-labelledby="organization-address">
              <h2 id="organization-address" className="mb-2 text-lg font-semibold">
                {t("address")}
              </h2>
              <address className="not-italic text-neutral-900">
                {[address.street, address.houseNumber].filter(Boolean).join(" ")}
                <br />
                {[address.postalCode, address.city].filter(Boolean).join(" ")}
              </address>
              <Link
                href={`/sociale-kaart?q=${encodeURIComponent(org.name)}`}
                className="mt-2 inline-block py-1"
              >
                {t("onMap")}
              </Link>
            </section>
          ) : null}
          {email || phone || website || profile?.contactName ? (
            <section aria-labelledby="organization-contact">
              <h2 id="organization-contact" className="mb-2 text-lg font-semibold">
                {t("contact")}
              </h2>
              <dl className="space-y-2 text-neutral-900">
                {profile?.contactName ? (
                  <div>
                    <dt className="font-medium">{t("contactPerson")}</dt>
                    <dd>{profile.contactName}</dd>
                  </div>
                ) : null}
                {email ? (
                  <div>
                    <dt className="font-medium">{t("email")}</dt>
                    <dd>
                      <a href={`mailto:${email}`} className="break-all">
                        {email}
                      </a>
                    </dd>
                  </div>
                ) : null}
                {phone ? (
                  <div>
                    <dt className="font-medium">{t("phone")}</dt>
                    <dd>
                      <a href={`tel:${phone.replace(/[^+\d]/g, "")}`}>{phone}</a>
                    </dd>
                  </div>
                ) : null}
                {website ? (
                  <div>
                    <dt className="font-medium">{t("website")}</dt>
                    <dd>
                      <a href={website} rel="noopener" className="break-all">
                        {website.replace(/^https?:\/\//, "")}
                      </a>
                    </dd>
                  </div>
                ) : null}
              </dl>
            </section>
          ) : null}
          {tags.length > 0 ? (
            <section aria-labelledby="organization-themes">
              <h2 id="organization-themes" className="mb-2 text-lg font-semibold">
                {t("themes")}
              </h2>
              <ul className="flex flex-wrap gap-2">
                {tags.map((tag) => (
                  <li key={tag.slug}>
                    <Link
                      href={`/sociale-kaart?tags=${encodeURIComponent(tag.slug)}`}
                      className="inline-flex min-h-11 items-center rounded-full bg-neutral-100 px-3 text-neutral-900"
                    >
                      {tagName(tag, locale)}
                    </Link>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </aside>
      </div>
      <JsonLd data={organizationJsonLd(org, canonicalUrl, origin)} />
    </article>
  );
}
