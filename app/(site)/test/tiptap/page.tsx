import { DevPage } from "@/components/dev-pages/dev-page";
import { RichTextDemo } from "@/components/dev-pages/rich-text-demo";
import { devPageMetadata } from "@/lib/dev-pages/metadata";

// Who may open it is the running server's setting (ENABLE_DEV_PAGES), not the build's.
export const dynamic = "force-dynamic";
export const generateMetadata = devPageMetadata("testTiptap");

/** /test/tiptap (spec §2 developer page; docs/dev-pages.md). */
export default function Page() {
  return (
    <DevPage page="testTiptap">
      <RichTextDemo />
    </DevPage>
  );
}
