import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorScreen } from "@/components/errors/error-screen";
import { PublicChrome } from "@/components/layout/public-chrome";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors.unauthorized");
  return { title: t("title") };
}

/**
 * spec §8 status 401, with HTTP status 401: what `unauthorized()` renders
 * (denyUnauthorized in lib/errors/http-interrupts.ts). Next renders it inside the root
 * layout only, so it brings the default layout's chrome itself, as app/not-found.tsx does.
 */
export default function Unauthorized() {
  return (
    <PublicChrome>
      <ErrorScreen kind="unauthorized" />
    </PublicChrome>
  );
}
