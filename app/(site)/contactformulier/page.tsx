import { getTranslations } from "next-intl/server";
import { ContactForm } from "@/components/contact/contact-form";
import { PageTitle } from "@/components/ui/page-title";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("contact-form");

/**
 * /contactformulier (spec §2, login-required): a message to the site's centre
 * (docs/contact-form.md). The form prefills from the account, so it loads in the browser
 * through the BFF.
 */
export default async function ContactFormRoute() {
  await requireSession("/contactformulier");
  const t = await getTranslations("contact");
  return (
    <>
      <PageTitle description={t("form.intro")}>{t("form.title")}</PageTitle>
      <ContactForm />
    </>
  );
}
