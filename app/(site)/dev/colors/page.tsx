import { ColorsPage } from "@/components/dev-pages/colors-page";
import { DevPage } from "@/components/dev-pages/dev-page";
import { devPageMetadata } from "@/lib/dev-pages/metadata";

// Who may open it is the running server's setting (ENABLE_DEV_PAGES), not the build's.
export const dynamic = "force-dynamic";
export const generateMetadata = devPageMetadata("devColors");

/** /dev/colors (spec §2): a tenant's palette and its contrast pairings (docs/dev-pages.md). */
export default async function Page({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { tenant } = await searchParams;
  return (
    <DevPage page="devColors">
      <ColorsPage path="/dev/colors" chosen={tenant} />
    </DevPage>
  );
}
