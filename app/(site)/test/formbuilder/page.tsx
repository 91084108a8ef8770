import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DevPage } from "@/components/dev-pages/dev-page";
import { devPageMetadata } from "@/lib/dev-pages/metadata";

// Who may open it is the running server's setting (ENABLE_DEV_PAGES), not the build's.
export const dynamic = "force-dynamic";
export const generateMetadata = devPageMetadata("testFormbuilder");

/** /test/formbuilder (spec §2): the form builder is not built yet; this says so. */
export default async function Page() {
  const t = await getTranslations("devPages.formbuilder");
  return (
    <DevPage page="testFormbuilder">
      <p className="text-neutral-800">
        {t("notYet")}{" "}
        <Link href="/form_builder" prefetch={false}>
          {t("link")}
        </Link>
      </p>
    </DevPage>
  );
}
