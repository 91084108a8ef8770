import type { ReactNode } from "react";
import { mainContentId } from "./skip-link";

/** The 'empty' layout of spec §2: the page alone, without header, toolbar or footer. */
export function BareChrome({ children }: { children: ReactNode }) {
  return (
    <main
      id={mainContentId}
      tabIndex={-1}
      className="flex w-full flex-1 flex-col focus:outline-none"
    >
      {children}
    </main>
  );
}
