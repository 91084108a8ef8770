/**
 * spec §4 auth state as a plain store (no React): SIGNED_IN or SIGNED_OUT, the user
 * and their roles. Sign-out shows at once; user and roles stay for 500 ms so the
 * signed-in screen does not go blank while it leaves, then they are cleared and so is
 * the organization store.
 */
import { organizationStore } from "@/lib/organizations/organization-store";
import { createStore } from "@/lib/store/create-store";

export type AuthStatus = "SIGNED_IN" | "SIGNED_OUT";

/** A rolify role (api-contract §3): global when resourceType and resourceId are null. */
export interface Role {
  id: string;
  name: string;
  resourceType?: string | null;
  resourceId?: string | number | null;
}

export interface CurrentUser {
  id: string;
  email?: string;
  roles?: Role[];
  [key: string]: unknown;
}

export interface AuthSnapshot {
  status: AuthStatus;
  user: CurrentUser | null;
  roles: Role[];
}

// spec §4/§9: 500 ms
export const USER_CLEAR_DELAY_MS = 500;

export interface AuthState {
  getSnapshot: () => AuthSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** Takes the server's view of the session once, when the page first renders in the browser. */
  hydrate: (signedIn: boolean) => void;
  signedIn: (user: CurrentUser, roles?: Role[]) => void;
  signedOut: () => void;
}

export interface AuthStateOptions {
  /** Runs when user and roles are cleared. */
  onUserCleared?: () => void;
  clearDelayMs?: number;
}

const SIGNED_OUT: AuthSnapshot = Object.freeze({ status: "SIGNED_OUT", user: null, roles: [] });
const SIGNED_IN_NO_USER: AuthSnapshot = Object.freeze({
  status: "SIGNED_IN",
  user: null,
  roles: [],
});

/** The snapshot React renders on the server and while hydrating. Stable per value. */
export function serverAuthSnapshot(signedIn: boolean): AuthSnapshot {
  return signedIn ? SIGNED_IN_NO_USER : SIGNED_OUT;
}

export function createAuthState(options: AuthStateOptions = {}): AuthState {
  const store = createStore<AuthSnapshot>(SIGNED_OUT);
  const delay = options.clearDelayMs ?? USER_CLEAR_DELAY_MS;
  let hydrated = false;
  let clearTimer: ReturnType<typeof setTimeout> | null = null;

  const cancelClear = () => {
    if (clearTimer !== null) clearTimeout(clearTimer);
    clearTimer = null;
  };

  return {
    getSnapshot: store.getSnapshot,
    subscribe: store.subscribe,
    hydrate(signedIn) {
      if (hydrated) return;
      hydrated = true;
      store.setState(serverAuthSnapshot(signedIn));
    },
    signedIn(user, roles = user.roles ?? []) {
      hydrated = true;
      cancelClear();
      store.setState({ status: "SIGNED_IN", user, roles });
    },
    signedOut() {
      hydrated = true;
      const { status } = store.getSnapshot();
      if (status !== "SIGNED_OUT") store.setState({ status: "SIGNED_OUT" });
      if (clearTimer !== null) return; // the first sign-out's clear is already pending
      // Even with no user loaded yet (a 401 before the first load) the organization store is
      // reset: spec §4 ties that reset to the sign-out, not to what had been loaded.
      clearTimer = setTimeout(() => {
        clearTimer = null;
        store.setState({ user: null, roles: [] });
        options.onUserCleared?.();
      }, delay);
    },
  };
}

/** The browser's auth state. Clearing the user resets the organization store (spec §4). */
export const authState = createAuthState({ onUserCleared: () => organizationStore.reset() });

/**
 * spec §3: signed in only when access-token, client and uid are all present. One
 * definition, shared with the BFF (lib/auth/auth-headers.ts), re-exported for the brief's callers.
 */
export { isSignedIn } from "./auth-headers";
