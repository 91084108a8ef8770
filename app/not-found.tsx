import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorScreen } from "@/components/errors/error-screen";
import { NotFoundPath } from "@/components/errors/not-found-path";
import { mainContentId } from "@/components/layout/skip-link";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors.notFound");
  return { title: t("title") };
}

/**
 * spec §2: the 404 screen (texts of spec §8) for what reaches Next without a route and
 * without passing proxy.ts. The addresses proxy.ts sees and no route matches are rewritten
 * to app/(public)/%5Fvolunteerly/not-found, which shows the screen in the public layout.
 * This one renders in the root layout alone and has no header or footer on purpose: Next
 * puts it into every page's flight data, whether it is shown or not, and the chrome made it
 * the largest part of a public page's (docs/errors.md).
 */
export default function NotFound() {
  return (
    <main id={mainContentId} className="mx-auto w-full max-w-6xl flex-1 px-4 py-8">
      <ErrorScreen kind="notFound">
        <NotFoundPath />
      </ErrorScreen>
    </main>
  );
}
