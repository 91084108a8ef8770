import { ComponentGallery } from "@/components/dev-pages/component-gallery";
import { DevPage } from "@/components/dev-pages/dev-page";
import { devPageMetadata } from "@/lib/dev-pages/metadata";

// Who may open it is the running server's setting (ENABLE_DEV_PAGES), not the build's.
export const dynamic = "force-dynamic";
export const generateMetadata = devPageMetadata("devComponents");

/** /dev/components (spec §2): the shared interface parts in their states (docs/dev-pages.md). */
export default function Page() {
  return (
    <DevPage page="devComponents">
      <ComponentGallery now={new Date().toISOString()} />
    </DevPage>
  );
}
