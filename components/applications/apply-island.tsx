"use client";

import { lazy, Suspense, useSyncExternalStore } from "react";
import { buttonClassName } from "@/components/ui/button-class";
import type { TApplicationForm } from "@/lib/applications/apply-questions";
import { authState, serverAuthSnapshot } from "@/lib/auth/auth-state";

// A chunk of its own: only a signed-in visitor's browser fetches the form and its providers.
const ApplyPanel = lazy(() => import("./apply-panel"));

export type TApplyPanelProps = {
  vacancyId: string;
  /**
   * Whether the tenant has volunteer profiles (spec §1). Without them (meedoen) applying asks
   * only for name and contact, no motivation. From the tenant's config, the same for every
   * visitor, so the page stays cacheable.
   */
  profiles: boolean;
  /**
   * The vacancy's application questions (GET /vacancies/:id's `application_form`), the same
   * for every visitor; absent when it asks none, and then the panel is as it always was.
   */
  questions?: TApplicationForm | null;
};

type Props = TApplyPanelProps & {
  /** The sign-in page, coming back to this form (`/vacancies/:id#reageren`). */
  signInHref: string;
  /** Sign-up, handing the same way back on to the sign-in after it. */
  signUpHref: string;
  texts: { signIn: string; signInHint: string; signUp: string; loading: string };
};

const signedOutSnapshot = () => serverAuthSnapshot(false);
// The toolbar's AuthProvider hydrates the store while it renders; hearing of it a microtask
// later keeps this island from updating in the middle of another component's render.
const subscribe = (listener: () => void) => authState.subscribe(() => queueMicrotask(listener));

/**
 * "Reageren" on a public vacancy page (docs/applications-pages.md). The page is public and
 * cached, so it cannot know who looks at it: this island learns it from the browser's auth
 * state, which the signed-in toolbar (signed-in-toolbar.tsx) fills. Signed out, on the
 * server and without JavaScript it is the link to sign in and back; signed in, the panel
 * with the form loads.
 */
export function ApplyIsland({ signInHref, signUpHref, texts, ...panel }: Props) {
  const { status } = useSyncExternalStore(subscribe, authState.getSnapshot, signedOutSnapshot);
  const loading = <p role="status">{texts.loading}</p>;
  if (status !== "SIGNED_IN") {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-neutral-800">{texts.signInHint}</p>
        <a href={signInHref} className={buttonClassName()}>
          {texts.signIn}
        </a>
        <a href={signUpHref} className="inline-block py-1">
          {texts.signUp}
        </a>
      </div>
    );
  }
  return (
    <Suspense fallback={loading}>
      <ApplyPanel {...panel} loading={loading} />
    </Suspense>
  );
}
