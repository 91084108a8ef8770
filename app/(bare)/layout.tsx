import type { ReactNode } from "react";
import { BareChrome } from "@/components/layout/bare-chrome";
import { AppProviders } from "@/components/providers/app-providers";

/** Routes with the empty layout (lib/routes.ts: layout 'empty'): /switch, /forms, /gelderse-handen. */
export default function BareLayout({ children }: { children: ReactNode }) {
  return (
    <AppProviders>
      <BareChrome>{children}</BareChrome>
    </AppProviders>
  );
}
