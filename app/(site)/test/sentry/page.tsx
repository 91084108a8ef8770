import { getTranslations } from "next-intl/server";
import { DevPage } from "@/components/dev-pages/dev-page";
import { SentryDemo } from "@/components/dev-pages/sentry-demo";
import { Notice } from "@/components/ui/notice";
import { devPageMetadata } from "@/lib/dev-pages/metadata";
import { env } from "@/lib/env";

// Who may open it is the running server's setting (ENABLE_DEV_PAGES), not the build's.
export const dynamic = "force-dynamic";
export const generateMetadata = devPageMetadata("testSentry");

/**
 * /test/sentry (spec §2): raises an error in the browser and on the server, and says whether
 * reporting is configured. Whether, never the DSN itself.
 */
export default async function Page() {
  const t = await getTranslations("devPages.sentry");
  return (
    <DevPage page="testSentry">
      <div className="flex flex-col gap-4">
        <Notice>{env.SENTRY_DSN ? t("configured") : t("notConfigured")}</Notice>
        <SentryDemo />
      </div>
    </DevPage>
  );
}
