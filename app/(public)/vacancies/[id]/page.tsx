import Link from "next/link";
import { notFound } from "next/navigation";
import { getFormatter, getTranslations } from "next-intl/server";
import { cache } from "react";
import { ApplyIsland } from "@/components/applications/apply-island";
import { RichText } from "@/components/content/rich-text";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { Breadcrumb } from "@/components/public/breadcrumb";
import { JsonLd } from "@/components/seo/json-ld";
import { Notice } from "@/components/ui/notice";
import { PageTitle } from "@/components/ui/page-title";
import { VacancyFacts } from "@/components/vacancies/vacancy-facts";
import { isApiError } from "@/lib/api/errors";
import { signInPath } from "@/lib/navigation/sign-in-path";
import { publicGet } from "@/lib/public/public-api";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { getSiteOrigin } from "@/lib/seo/site-origin";
import { isClosedVacancy, siteToday } from "@/lib/vacancies/closed";
import { jobPosting } from "@/lib/vacancies/job-posting";
import type { TVacancy } from "@/lib/vacancies/types";

type Props = { params: Promise<{ id: string }> };

/**
 * /vacancies/:id (spec §2, public; docs/vacancies-search.md): one vacancy of the site, with
 * its JobPosting JSON-LD. A closed one (or one past its closing date) keeps its page, which
 * says it is closed instead of offering to respond. Unknown, draft, pending, archived,
 * another centre's or another tenant's: the api answers 404 and so does this page. "Reageren" is a client island
 * (docs/applications-pages.md): the page stays the same for everyone, so it can be cached.
 */
const loadVacancy = cache(async (id: string): Promise<TVacancy> => {
  if (!/^\d{1,10}$/.test(id)) notFound();
  try {
    const res = await publicGet<TVacancy>(`/api/v1/vacancies/${id}`, {
      include: "organization.address,tags",
    });
    return res.data;
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) notFound();
    throw error;
  }
});

export const generateMetadata = withInterruptMetadata(async ({ params }: Props) => {
  const vacancy = await loadVacancy((await params).id);
  return publicMetadata({
    title: vacancy.title,
    description: vacancy.summary,
    path: `/vacancies/${vacancy.id}`,
    image: vacancy.imageUrl,
    type: "article",
    publishedTime: vacancy.publishedAt,
  });
});

export default withInterruptScreens(async function VacancyPage({ params }: Props) {
  const vacancy = await loadVacancy((await params).id);
  const t = await getTranslations("vacancies");
  const tSearch = await getTranslations("vacancySearch");
  const tReply = await getTranslations("replyTimes.vacancy");
  const format = await getFormatter();
  const origin = await getSiteOrigin();
  const organization = vacancy.organization;
  const date = (value: string) => format.dateTime(new Date(value), { dateStyle: "long" });
  // Back to the form after signing in: the island opens it at this anchor.
  const returnTo = `/vacancies/${vacancy.id}#reageren`;
  const signIn = signInPath(returnTo);
  const signUp = `/signup?${new URLSearchParams({ redirect: returnTo })}`;
  const tApply = await getTranslations("applications.apply");
  // The tenant's config, not the visitor: the page stays the same for everyone.
  const tenant = await getCurrentTenant();
  // Closed, or past its closing date: the page stays (its link may be anywhere) and says so.
  const closed = isClosedVacancy(vacancy, siteToday());
  return (
    <article>
      <Breadcrumb
        origin={origin}
        items={[
          { label: tSearch("home"), href: "/" },
          { label: tSearch("title"), href: "/vacancies/search" },
          { label: vacancy.title },
        ]}
      />
      <PageTitle
        description={
          organization?.name ? (
            <Link
              href={`/organizations/${organization.id}`}
              className="inline-block py-1 font-medium"
            >
              {organization.name}
            </Link>
          ) : null
        }
      >
        {vacancy.title}
      </PageTitle>
      <div className="grid gap-8 lg:grid-cols-[1fr_20rem]">
        <div className="flex flex-col gap-4">
          {vacancy.summary ? <p className="text-lg">{vacancy.summary}</p> : null}
          <h2 className="text-xl font-bold">{t("description")}</h2>
          <RichText html={vacancy.description} />
        </div>
        <aside className="flex flex-col gap-6">
          <section aria-labelledby="vacancy-facts" className="flex flex-col gap-3">
            <h2 id="vacancy-facts" className="text-xl font-bold">
              {t("facts")}
            </h2>
            <VacancyFacts vacancy={vacancy} />
            {vacancy.publishedAt ? (
              <p className="text-sm text-neutral-800">
                {t("published", { date: date(vacancy.publishedAt) })}
              </p>
            ) : null}
            {vacancy.closesOn ? (
              <p className="text-sm text-neutral-800">
                {t("closesOn", { date: date(vacancy.closesOn) })}
              </p>
            ) : null}
            {typeof vacancy.replyDaysMedian === "number" ? (
              <p className="text-sm text-neutral-800">
                {tReply("usuallyReplies", { days: vacancy.replyDaysMedian })}
              </p>
            ) : null}
          </section>
          {vacancy.contactName || vacancy.contactEmail || vacancy.contactPhone ? (
            <section aria-labelledby="vacancy-contact" className="flex flex-col gap-2">
              <h2 id="vacancy-contact" className="text-xl font-bold">
                {t("contact")}
              </h2>
              {vacancy.contactName ? <p>{vacancy.contactName}</p> : null}
              {vacancy.contactEmail ? (
                <p>
                  {t("email")}:{" "}
                  <a href={`mailto:${vacancy.contactEmail}`} className="inline-block py-1">
                    {vacancy.contactEmail}
                  </a>
                </p>
              ) : null}
              {vacancy.contactPhone ? (
                <p>
                  {t("phone")}:{" "}
                  <a
                    href={`tel:${vacancy.contactPhone.replace(/[^\d+]/g, "")}`}
                    className="inline-block py-1"
                  >
                    {vacancy.contactPhone}
                  </a>
                </p>
              ) : null}
            </section>
          ) : null}
          {closed ? (
            <Notice>{t("closed")}</Notice>
          ) : (
            <section id="reageren" aria-labelledby="vacancy-apply" className="flex flex-col gap-3">
              <h2 id="vacancy-apply" className="text-xl font-bold">
                {tApply("heading")}
              </h2>
              <ApplyIsland
                vacancyId={vacancy.id}
                profiles={tenant.features.volunteerProfiles}
                questions={vacancy.applicationForm ?? null}
                signInHref={signIn}
                signUpHref={signUp}
                texts={{
                  signIn: t("respond"),
                  signInHint: t("respondHint"),
                  signUp: tApply("signUp"),
                  loading: tApply("loading"),
                }}
              />
            </section>
          )}
        </aside>
      </div>
      <JsonLd
        data={jobPosting(vacancy, { origin, description: sanitizeRichText(vacancy.description) })}
      />
    </article>
  );
});
