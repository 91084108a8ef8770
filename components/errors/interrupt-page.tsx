import "server-only";
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { setDocumentStatus } from "@/lib/errors/document-status";
import {
  ForbiddenScreen,
  forbiddenMetadata,
  NotFoundScreen,
  notFoundMetadata,
  UnauthorizedScreen,
  unauthorizedMetadata,
} from "./interrupt-screens";

/**
 * notFound(), forbidden() and unauthorized() raised by a page after it awaited something
 * (the api) still answer with their screen in the HTML, readable without JavaScript.
 *
 * Next draws those screens with an error boundary, and React renders no error boundary on
 * the server: an interrupt from the page's own render fails the document's shell, and Next
 * answers with its bare error document (`<html id="__next_error__">`, an empty body; the
 * screen is drawn by JavaScript from the flight data). An interrupt before the page renders
 * (proxy.ts's rewrite of an address no route matches) is rendered as a page and did not
 * have the problem. So a page wrapped here catches the interrupt itself and renders the same
 * screen the route group's boundary would (components/errors/interrupt-screens.tsx, inside
 * the group's layout), with the status set through lib/errors/document-status.ts.
 *
 * Where no document status can be set (a client navigation reads flight data, whose
 * boundary works as before; `next dev` has no scripts/web-server.ts) the interrupt is
 * thrown on to Next unchanged. Anything else (a redirect, a failure) is thrown on as well.
 */

type TInterruptStatus = 401 | 403 | 404;

const INTERRUPT_DIGEST = /^NEXT_HTTP_ERROR_FALLBACK;(401|403|404)$/;

/** The status of Next's interrupt `error` (its digest), or null for any other error. */
export function interruptStatus(error: unknown): TInterruptStatus | null {
  const digest =
    typeof error === "object" && error !== null && "digest" in error ? error.digest : undefined;
  const match = typeof digest === "string" ? INTERRUPT_DIGEST.exec(digest) : null;
  return match ? (Number(match[1]) as TInterruptStatus) : null;
}

function screenFor(status: TInterruptStatus): ReactNode {
  if (status === 401) return <UnauthorizedScreen />;
  if (status === 403) return <ForbiddenScreen />;
  return <NotFoundScreen />;
}

async function metadataFor(status: TInterruptStatus): Promise<Metadata> {
  const metadata =
    status === 401
      ? await unauthorizedMetadata()
      : status === 403
        ? await forbiddenMetadata()
        : await notFoundMetadata();
  // As Next's own boundary does: an error screen is not a page to index.
  return { ...metadata, robots: { index: false } };
}

/** A page component whose interrupts render their screen in the HTML (see above). */
export function withInterruptScreens<P>(
  Page: (props: P) => Promise<ReactNode> | ReactNode,
): (props: P) => Promise<ReactNode> {
  return async function PageWithInterruptScreens(props: P) {
    try {
      return await Page(props);
    } catch (error) {
      const status = interruptStatus(error);
      if (status === null || !setDocumentStatus(status)) throw error;
      return screenFor(status);
    }
  };
}

/**
 * The page's generateMetadata, giving the screen's title where the page renders the screen
 * itself: an interrupt there would fail the document the same way (in the <head> that bots
 * are sent).
 */
export function withInterruptMetadata<P>(
  generateMetadata: (props: P) => Promise<Metadata> | Metadata,
): (props: P) => Promise<Metadata> {
  return async function metadataWithInterruptScreens(props: P) {
    try {
      return await generateMetadata(props);
    } catch (error) {
      const status = interruptStatus(error);
      if (status === null || !setDocumentStatus(status)) throw error;
      return metadataFor(status);
    }
  };
}
