import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DevPage } from "@/components/dev-pages/dev-page";
import { devPageMetadata } from "@/lib/dev-pages/metadata";
import { devPageTexts } from "@/lib/dev-pages/page-texts";
import { DEV_PAGES } from "@/lib/dev-pages/pages";

// Who may open it is the running server's setting (ENABLE_DEV_PAGES), not the build's.
export const dynamic = "force-dynamic";
export const generateMetadata = devPageMetadata("dev");

/** /dev (spec §2): every developer and test page, one line each (docs/dev-pages.md). */
export default async function DevIndexPage() {
  const texts = devPageTexts(await getTranslations());
  return (
    <DevPage page="dev">
      <ul className="flex flex-col gap-3">
        {DEV_PAGES.map(({ path, key }) => (
          <li key={path}>
            <Link href={path} prefetch={false} className="font-semibold">
              {texts[key].title}
            </Link>{" "}
            <code className="text-sm text-neutral-700">{path}</code>
            <p className="text-neutral-800">{texts[key].line}</p>
          </li>
        ))}
      </ul>
    </DevPage>
  );
}
