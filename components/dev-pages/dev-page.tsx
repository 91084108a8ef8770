import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { PageTitle } from "@/components/ui/page-title";
import { devPageTexts } from "@/lib/dev-pages/page-texts";
import type { TDevPageKey } from "@/lib/dev-pages/pages";
import { requireDevPages } from "@/lib/dev-pages/require-dev-pages";

type Props = { page: TDevPageKey | "dev"; children: ReactNode };

/**
 * The frame of every developer and test page (spec §2): who may see it (requireDevPages),
 * then its title, one line on what it is for (messages "devPages.pages"), and
 * its content.
 */
export async function DevPage({ page, children }: Props) {
  await requireDevPages();
  const texts = devPageTexts(await getTranslations())[page];
  return (
    <div className="mx-auto w-full max-w-4xl">
      <PageTitle description={texts.line}>{texts.title}</PageTitle>
      {children}
    </div>
  );
}
