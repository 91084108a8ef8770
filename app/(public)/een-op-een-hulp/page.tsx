import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getMessages, getTimeZone, getTranslations } from "next-intl/server";
import { RichText } from "@/components/content/rich-text";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { PeerHelpIsland } from "@/components/peer-help/peer-help-island";
import { Breadcrumb } from "@/components/public/breadcrumb";
import { PageTitle } from "@/components/ui/page-title";
import { loadContentPage } from "@/lib/content/content-api";
import { env } from "@/lib/env";
import type { AppLocale } from "@/lib/i18n/config";
import { signInPath } from "@/lib/navigation/sign-in-path";
import { peerHelpMessages } from "@/lib/peer-help/peer-help-messages";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { publicMetadata } from "@/lib/seo/public-metadata";
import { getSiteOrigin } from "@/lib/seo/site-origin";
import { loadSiteSettings } from "@/lib/site/site-settings";
import type { TTenantConfig } from "@/lib/tenants/tenants";

/**
 * spec §2 '/een-op-een-hulp', only where the tenant has peer help (spec §1: public,
 * oldebroek; 404 elsewhere). Worded as neighbour help (burenhulp) where the tenant says so
 * (oldebroek), one-on-one help otherwise: the explanation from messages, the tenant's
 * 'een-op-een-hulp' content page, and the site's centre's contact details.
 */

async function wording(tenant: TTenantConfig) {
  const t = await getTranslations("peerHelp");
  return tenant.features.peerHelpWording === "neighbour"
    ? {
        title: t("neighbour.title"),
        description: t("neighbour.description"),
        whatHeading: t("neighbour.whatHeading"),
        what: t("neighbour.what"),
        offer: t("neighbour.offer"),
      }
    : {
        title: t("oneOnOne.title"),
        description: t("oneOnOne.description"),
        whatHeading: t("oneOnOne.whatHeading"),
        what: t("oneOnOne.what"),
        offer: t("oneOnOne.offer"),
      };
}

async function peerHelpTenant(): Promise<TTenantConfig> {
  const tenant = await getCurrentTenant();
  if (!tenant.features.peerHelp) notFound();
  return tenant;
}

export const generateMetadata = withInterruptMetadata(async () => {
  const tenant = await peerHelpTenant();
  const words = await wording(tenant);
  return publicMetadata({
    title: words.title,
    description: words.description,
    path: "/een-op-een-hulp",
  });
});

const PATH = "/een-op-een-hulp";

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

export default withInterruptScreens(async function PeerHelpPage() {
  const tenant = await peerHelpTenant();
  const t = await getTranslations("peerHelp");
  const tc = await getTranslations("contentPages");
  const tb = await getTranslations("peerHelp.board");
  const [words, page, site, origin] = await Promise.all([
    wording(tenant),
    loadContentPage("een-op-een-hulp"),
    loadSiteSettings(tenant),
    getSiteOrigin(),
  ]);
  const centre = site?.centre ?? null;
  const contact = centre?.contact ?? null;
  return (
    <div className="max-w-3xl">
      <Breadcrumb
        origin={origin}
        items={[{ label: tc("home"), href: "/" }, { label: words.title }]}
      />
      <PageTitle description={words.description}>{words.title}</PageTitle>
      <section aria-labelledby="peer-help-what" className="mb-8">
        <h2 id="peer-help-what" className="text-2xl font-bold text-neutral-900">
          {words.whatHeading}
        </h2>
        <p className="mt-3 text-neutral-800">{words.what}</p>
        <p className="mt-3 text-neutral-800">{words.offer}</p>
      </section>
      <div className="mb-8">
        <PeerHelpIsland
          wording={tenant.features.peerHelpWording}
          publicRead={site?.helpPostsPublic ?? false}
          mapStyleUrl={env.MAP_STYLE_URL}
          signInHref={signInPath(PATH)}
          signUpHref={`/signup?${new URLSearchParams({ redirect: PATH })}`}
          texts={{
            signIn: tb("signIn"),
            signInHint: tb("signInHint"),
            readOnlyHint: tb("readOnlyHint"),
            signUp: tb("signUp"),
            loading: tb("loading"),
          }}
          locale={(await getLocale()) as AppLocale}
          timeZone={await getTimeZone()}
          messages={peerHelpMessages(await getMessages())}
        />
      </div>
      {page ? (
        <section lang={page.locale} aria-labelledby="peer-help-page" className="mb-8">
          <h2 id="peer-help-page" className="text-2xl font-bold text-neutral-900">
            {page.title}
          </h2>
          <RichText html={page.body} className="mt-3" />
        </section>
      ) : null}
      <section
        aria-labelledby="peer-help-contact"
        className="rounded-shape-lg border border-neutral-300 bg-white p-6"
      >
        <h2 id="peer-help-contact" className="text-2xl font-bold text-neutral-900">
          {t("contactHeading")}
        </h2>
        {centre ? (
          <>
            <p className="mt-3 text-neutral-800">{t("contactIntro", { centre: centre.name })}</p>
            <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              {contact?.name ? (
                <>
                  <dt className="font-semibold">{t("contactPerson")}</dt>
                  <dd>{contact.name}</dd>
                </>
              ) : null}
              {(contact?.phone ?? centre.phone) ? (
                <>
                  <dt className="font-semibold">{t("phone")}</dt>
                  <dd>
                    <a href={tel((contact?.phone ?? centre.phone) as string)}>
                      {contact?.phone ?? centre.phone}
                    </a>
                  </dd>
                </>
              ) : null}
              {(contact?.email ?? centre.email) ? (
                <>
                  <dt className="font-semibold">{t("email")}</dt>
                  <dd>
                    <a href={`mailto:${contact?.email ?? centre.email}`}>
                      {contact?.email ?? centre.email}
                    </a>
                  </dd>
                </>
              ) : null}
              {centre.address ? (
                <>
                  <dt className="font-semibold">{t("address")}</dt>
                  <dd>{centre.address}</dd>
                </>
              ) : null}
            </dl>
          </>
        ) : null}
        <p className="mt-4">
          <Link href="/contact" className="inline-block py-2 font-semibold">
            {t("contactPage")}
          </Link>
        </p>
      </section>
    </div>
  );
});
