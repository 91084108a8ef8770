import { DemoForm } from "@/components/dev-pages/demo-form";
import { DevPage } from "@/components/dev-pages/dev-page";
import { devPageMetadata } from "@/lib/dev-pages/metadata";

// Who may open it is the running server's setting (ENABLE_DEV_PAGES), not the build's.
export const dynamic = "force-dynamic";
export const generateMetadata = devPageMetadata("devForm");

/** /dev/form (spec §2 developer page; docs/dev-pages.md). */
export default function Page() {
  return (
    <DevPage page="devForm">
      <DemoForm />
    </DevPage>
  );
}
