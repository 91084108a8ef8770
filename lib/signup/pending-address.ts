/**
 * The address a sign-up just mailed, handed from the form to its success page in
 * sessionStorage (this tab only, gone when it closes), never in the URL, where it would
 * land in history, logs and Referer headers. Storage may be unavailable (private modes,
 * blocked); the success page then speaks without the address.
 */

export type TPendingKind = "volunteer" | "organization";

const KEY: Record<TPendingKind, string> = {
  volunteer: "volunteerly.signup.email",
  organization: "volunteerly.organizationSignup.email",
};

export function rememberPendingAddress(kind: TPendingKind, email: string): void {
  try {
    window.sessionStorage.setItem(KEY[kind], email);
  } catch {
    // Not stored: the success page asks for the address when it resends.
  }
}

export function pendingAddress(kind: TPendingKind): string | null {
  try {
    return window.sessionStorage.getItem(KEY[kind]);
  } catch {
    return null;
  }
}
