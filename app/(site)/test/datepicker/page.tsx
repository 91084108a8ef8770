import { DateDemo } from "@/components/dev-pages/date-demo";
import { DevPage } from "@/components/dev-pages/dev-page";
import { devPageMetadata } from "@/lib/dev-pages/metadata";

// Who may open it is the running server's setting (ENABLE_DEV_PAGES), not the build's.
export const dynamic = "force-dynamic";
export const generateMetadata = devPageMetadata("testDatepicker");

/** /test/datepicker (spec §2 developer page; docs/dev-pages.md). */
export default function Page() {
  return (
    <DevPage page="testDatepicker">
      <DateDemo />
    </DevPage>
  );
}
