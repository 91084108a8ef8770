"use client";

import type { AbstractIntlMessages } from "next-intl";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { buttonClassName } from "@/components/ui/button-class";
import { authState, serverAuthSnapshot } from "@/lib/auth/auth-state";
import type { AppLocale } from "@/lib/i18n/config";

// A chunk of its own: only a signed-in visitor's browser fetches the panel and its providers.
const SignUpPanel = lazy(() => import("./sign-up-panel"));

export type TSignUpPanelProps = {
  activityId: string;
  locale: AppLocale;
  timeZone: string;
  /** Only the namespaces the panel needs (lib/activity-registrations/sign-up-messages.ts). */
  messages: AbstractIntlMessages;
};

type Props = TSignUpPanelProps & {
  /**
   * Whether the page's (cached) copy of the activity takes sign-ups. Signed out there is
   * nothing fresher to go by; signed in, the panel reads the activity again.
   */
  open: boolean;
  /** The sign-in page, coming back to this section (`/activiteiten/:id#aanmelden`). */
  signInHref: string;
  /** Sign-up, handing the same way back on to the sign-in after it. */
  signUpHref: string;
  texts: { signIn: string; signInHint: string; signUp: string; loading: string; closed: string };
};

const signedOutSnapshot = () => serverAuthSnapshot(false);
// The toolbar's AuthProvider hydrates the store while it renders; hearing of it a microtask
// later keeps this island from updating in the middle of another component's render.
const subscribe = (listener: () => void) => authState.subscribe(() => queueMicrotask(listener));

/**
 * "Aanmelden" on a public activity page (docs/activity-sign-up.md). The page is public and
 * cached, so it cannot know who looks at it: this island learns it from the browser's auth
 * state, which the signed-in toolbar fills. Signed out, on the server and without
 * JavaScript it is the way to sign in and back; signed in, the panel loads.
 */
export function SignUpIsland({ open, signInHref, signUpHref, texts, ...panel }: Props) {
  const { status } = useSyncExternalStore(subscribe, authState.getSnapshot, signedOutSnapshot);
  if (status !== "SIGNED_IN") {
    // Signing in would lead nowhere: say so instead of offering it.
    if (!open) return <p>{texts.closed}</p>;
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-neutral-800">{texts.signInHint}</p>
        <a href={signInHref} className={buttonClassName()}>
          {texts.signIn}
        </a>
        <a href={signUpHref} className="inline-block py-2">
          {texts.signUp}
        </a>
      </div>
    );
  }
  return (
    <Suspense fallback={<p role="status">{texts.loading}</p>}>
      <SignUpPanel {...panel} />
    </Suspense>
  );
}
