import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorScreen } from "@/components/errors/error-screen";
import { PublicChrome } from "@/components/layout/public-chrome";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors.forbidden");
  return { title: t("title") };
}

/**
 * spec §8 status 403, with HTTP status 403: what `forbidden()` renders
 * (denyForbidden in lib/errors/http-interrupts.ts). Next renders it inside the root layout
 * only, so it brings the default layout's chrome itself, as app/not-found.tsx does.
 */
export default function Forbidden() {
  return (
    <PublicChrome>
      <ErrorScreen kind="forbidden" />
    </PublicChrome>
  );
}
