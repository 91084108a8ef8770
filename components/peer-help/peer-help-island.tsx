"use client";

import type { AbstractIntlMessages } from "next-intl";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { buttonClassName } from "@/components/ui/button-class";
import { authState, serverAuthSnapshot } from "@/lib/auth/auth-state";
import type { AppLocale } from "@/lib/i18n/config";

// A chunk of its own: only a browser that shows the board fetches it.
const PeerHelpPanel = lazy(() => import("./peer-help-panel"));

export type TPeerHelpWording = "neighbour" | "one-on-one";

export type TPeerHelpPanelProps = {
  wording: TPeerHelpWording;
  locale: AppLocale;
  timeZone: string;
  /** The map's style (MAP_STYLE_URL), as the social map's. */
  mapStyleUrl: string;
  /** Only the namespaces the board needs (lib/peer-help/peer-help-messages.ts). */
  messages: AbstractIntlMessages;
};

type Props = TPeerHelpPanelProps & {
  /** The site's `help_posts_public`: signed-out visitors read the posts too. */
  publicRead: boolean;
  signInHref: string;
  signUpHref: string;
  texts: {
    signIn: string;
    signInHint: string;
    readOnlyHint: string;
    signUp: string;
    loading: string;
  };
};

const signedOutSnapshot = () => serverAuthSnapshot(false);
const subscribe = (listener: () => void) => authState.subscribe(() => queueMicrotask(listener));

/**
 * The requests and offers on /een-op-een-hulp (docs/peer-help.md). The page is public and
 * cached, so, like the apply island, this learns who looks from the browser's auth state:
 * signed in the board loads; signed out it is the way to sign in and back, above the posts
 * to read where the site shows them to everyone.
 */
export function PeerHelpIsland({ signInHref, signUpHref, texts, publicRead, ...panel }: Props) {
  const { status } = useSyncExternalStore(subscribe, authState.getSnapshot, signedOutSnapshot);
  const signedIn = status === "SIGNED_IN";
  const board = (
    <Suspense fallback={<p role="status">{texts.loading}</p>}>
      <PeerHelpPanel {...panel} signedIn={signedIn} />
    </Suspense>
  );
  if (signedIn) return board;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p className="text-neutral-800">{publicRead ? texts.readOnlyHint : texts.signInHint}</p>
        <p className="flex flex-wrap items-center gap-4">
          <a href={signInHref} className={buttonClassName()}>
            {texts.signIn}
          </a>
          <a href={signUpHref} className="inline-block py-2">
            {texts.signUp}
          </a>
        </p>
      </div>
      {publicRead ? board : null}
    </div>
  );
}
