import type { ReactNode } from "react";
import { BareChrome } from "@/components/layout/bare-chrome";

/** Routes with the empty layout (lib/routes.ts: layout 'empty'): /switch, /forms, /gelderse-handen. */
export default function BareLayout({ children }: { children: ReactNode }) {
  return <BareChrome>{children}</BareChrome>;
}
