import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { withInterruptMetadata, withInterruptScreens } from "@/components/errors/interrupt-page";
import { ToasterPlayground } from "@/components/toasts/toaster-playground";
import { PageTitle } from "@/components/ui/page-title";
import { requireDevPages } from "@/lib/dev-pages/require-dev-pages";

// Whether test pages exist is the running server's setting (ENABLE_DEV_PAGES), not the build's.
export const dynamic = "force-dynamic";

export const generateMetadata = withInterruptMetadata(async (): Promise<Metadata> => {
  const t = await getTranslations("toasts.playground");
  return { title: t("title") };
});

/**
 * /test/toaster (spec §2 developer page; who may open it: docs/dev-pages.md): shows toasts
 * of every colour with a chosen duration, close button and position. e2e/toasts.spec.ts
 * drives it.
 */
export default withInterruptScreens(async function ToasterTestPage() {
  await requireDevPages();
  const t = await getTranslations("toasts.playground");
  return (
    <div className="mx-auto w-full max-w-3xl">
      <PageTitle description={t("intro")}>{t("title")}</PageTitle>
      <ToasterPlayground />
    </div>
  );
});
