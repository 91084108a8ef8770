import type { ReactNode } from "react";
import { ErrorTextsProvider } from "@/components/errors/error-texts-context";
import { serverErrorTexts } from "@/components/errors/server-error-texts";
import { mainContentId } from "@/components/layout/skip-link";

/**
 * Public pages in the empty layout of spec §2 (/gelderse-handen): the page alone, and as
 * light as app/(public): no app providers, so no JavaScript beyond React and Next
 * (docs/public-pages.md). The bare layout with providers (app/(bare)) is for /switch and /forms.
 */
export default async function LandingLayout({ children }: { children: ReactNode }) {
  const errorTexts = await serverErrorTexts();
  return (
    <main
      id={mainContentId}
      tabIndex={-1}
      className="flex w-full flex-1 flex-col focus:outline-none"
    >
      <ErrorTextsProvider texts={errorTexts}>{children}</ErrorTextsProvider>
    </main>
  );
}
