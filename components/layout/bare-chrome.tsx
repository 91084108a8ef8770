import type { ReactNode } from "react";
import { ImpersonationBanner } from "@/components/impersonation/impersonation-banner";
import { mainContentId } from "./skip-link";

/**
 * The 'empty' layout of spec §2: the page alone, without header, toolbar or footer; only
 * the banner while acting as someone else stays (components/impersonation).
 */
export function BareChrome({ children }: { children: ReactNode }) {
  return (
    <>
      <ImpersonationBanner />
      <main
        id={mainContentId}
        tabIndex={-1}
        className="flex w-full flex-1 flex-col focus:outline-none"
      >
        {children}
      </main>
    </>
  );
}
