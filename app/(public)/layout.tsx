import type { ReactNode } from "react";
import { ErrorTextsProvider } from "@/components/errors/error-texts-context";
import { serverErrorTexts } from "@/components/errors/server-error-texts";
import { PublicChrome } from "@/components/layout/public-chrome";

/**
 * The public reading pages (vacancies, the social map, activities, news, content pages),
 * in the default layout of spec §2 with the light chrome (components/layout/public-chrome.tsx):
 * nothing here needs the app's browser-side state, the pages are server components with
 * small islands, and a page ships little more JavaScript than React and Next themselves
 * (the JavaScript budget; docs/public-pages.md).
 */
export default async function PublicLayout({ children }: { children: ReactNode }) {
  const errorTexts = await serverErrorTexts();
  return (
    <PublicChrome>
      <ErrorTextsProvider texts={errorTexts}>{children}</ErrorTextsProvider>
    </PublicChrome>
  );
}
