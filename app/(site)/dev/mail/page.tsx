import { getLocale, getTranslations } from "next-intl/server";
import { MailList } from "@/components/dev-mail/mail-list";
import { Notice } from "@/components/ui/notice";
import { PageTitle } from "@/components/ui/page-title";
import { DEV_MAIL_PAGE_SIZE, loadDevMails } from "@/lib/dev-mail/load-dev-mails";
import { getCurrentTenant } from "@/lib/request/current-tenant";
import { routeMetadata } from "@/lib/route-metadata";

// The outbox changes with every mail sent: never a cached render.
export const dynamic = "force-dynamic";

export const generateMetadata = routeMetadata("dev-mail");

/**
 * /dev/mail (public, development only; ARCHITECTURE.md §9): the mail the api kept in its
 * outbox because no SMTP_URL is set, so someone trying the product can follow the reset
 * link. The api decides availability: it answers 404 in production and with SMTP.
 */
export default async function DevMailPage() {
  const t = await getTranslations("devMail");
  const [locale, tenant] = await Promise.all([getLocale(), getCurrentTenant()]);
  const result = await loadDevMails(tenant.slug);
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageTitle description={t("intro", { count: DEV_MAIL_PAGE_SIZE })}>{t("title")}</PageTitle>
      {!result.available ? (
        <Notice>{t("unavailable")}</Notice>
      ) : result.mails.length === 0 ? (
        <p className="text-neutral-700">{t("empty")}</p>
      ) : (
        <MailList mails={result.mails} locale={locale} />
      )}
    </div>
  );
}
