import { useTranslations } from "next-intl";
import type { TSiteSettings } from "@/lib/site/site-settings";

type TProps = { siteName: string; site?: TSiteSettings };

/**
 * spec §1 names a 'fixed' footer variant. It sits at the bottom of the page, not fixed to
 * the viewport: a viewport-fixed bar would hide focused elements (WCAG 2.4.11).
 * What it holds beyond the copyright line comes from the site's centre: its contact details
 * (/instellingen/organisatie, /contact-person) and the text and links of /instellingen/footer.
 */
export function SiteFooter({ siteName, site }: TProps) {
  const t = useTranslations("layout");
  const centre = site?.centre;
  const footer = site?.footer;
  const hasColumns = Boolean(centre || footer?.text || footer?.links.length);
  return (
    <footer className="mt-auto border-t border-neutral-300 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 text-sm text-neutral-700">
        {hasColumns ? (
          <section
            aria-label={t("footerSite.label", { siteName })}
            className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
          >
            {centre ? (
              <div className="flex flex-col gap-1">
                <h2 className="font-semibold text-base text-neutral-900">
                  {t("footerSite.contact")}
                </h2>
                <p>{centre.name}</p>
                {centre.address ? <p>{centre.address}</p> : null}
                {centre.email ? (
                  <p>
                    {t("footerSite.email")}: <a href={`mailto:${centre.email}`}>{centre.email}</a>
                  </p>
                ) : null}
                {centre.phone ? (
                  <p>
                    {t("footerSite.phone")}:{" "}
                    <a href={`tel:${centre.phone.replace(/\s+/g, "")}`}>{centre.phone}</a>
                  </p>
                ) : null}
                {centre.website && /^https?:\/\//i.test(centre.website) ? (
                  <p>
                    <a href={centre.website} rel="noopener noreferrer">
                      {t("footerSite.website")}
                    </a>
                  </p>
                ) : null}
                {centre.contact ? (
                  <p className="mt-2">
                    <span className="font-semibold">{t("footerSite.contactPerson")}: </span>
                    {[centre.contact.name, centre.contact.email, centre.contact.phone]
                      .filter(Boolean)
                      .join(", ")}
                  </p>
                ) : null}
              </div>
            ) : null}
            {footer?.text ? (
              <div className="flex flex-col gap-2 whitespace-pre-line">{footer.text}</div>
            ) : null}
            {footer && footer.links.length > 0 ? (
              <nav aria-label={t("footerSite.links")}>
                <ul className="flex flex-col gap-1">
                  {footer.links.map((link) => (
                    <li key={`${link.label}-${link.url}`}>
                      {link.external ? (
                        <a href={link.url} rel="noopener noreferrer">
                          {link.label}
                          <span className="sr-only"> {t("footerSite.external")}</span>
                        </a>
                      ) : (
                        <a href={link.url}>{link.label}</a>
                      )}
                    </li>
                  ))}
                </ul>
              </nav>
            ) : null}
          </section>
        ) : null}
        <p>{t("footer", { year: String(new Date().getFullYear()), siteName })}</p>
      </div>
    </footer>
  );
}
