/**
 * The public sign-up calls through the one api client (the BFF forwards /api/auth/* to
 * devise_token_auth's /auth and /api/v1/* to the api). None needs a session.
 */
import type { ApiClient } from "@/lib/api";
import type { TInvitationPassword, TOrganizationSignUp, TVolunteerSignUp } from "./signup-schemas";

export type TLocale = "nl" | "en";

/** Where the confirmation mail's link leads: this site's /confirm (decisions.md, Auth). */
export const confirmUrl = (origin: string) => `${origin}/confirm`;

/**
 * POST /auth: a volunteer account, unconfirmed until the mailed link is followed. Top-level
 * parameters as devise_token_auth permits them; `locale` is the interface language.
 */
export async function signUpVolunteer(
  client: ApiClient,
  values: TVolunteerSignUp,
  { locale, origin }: { locale: TLocale; origin: string },
): Promise<void> {
  await client.post("/api/auth", {
    ...values,
    locale,
    confirmSuccessUrl: confirmUrl(origin),
  });
}

/** POST /auth/confirmation: the confirmation mail again (api-contract §1.4). */
export async function resendConfirmation(
  client: ApiClient,
  email: string,
  origin: string,
): Promise<void> {
  await client.post("/api/auth/confirmation", { email, redirectUrl: confirmUrl(origin) });
}

/** POST /api/v1/organization_registrations: the organization (pending) and its first admin. */
export async function registerOrganization(
  client: ApiClient,
  values: TOrganizationSignUp,
  locale: TLocale,
): Promise<void> {
  await client.post("/api/v1/organization_registrations", {
    data: {
      type: "organization_registration",
      attributes: { organization: values.organization, user: { ...values.user, locale } },
    },
  });
}

export type TInvitation = { email: string; firstName: string | null; lastName: string | null };

/** GET /auth/invitation: whom a pending invitation is for (404 when it is not one). */
export async function fetchInvitation(
  client: ApiClient,
  token: string,
  signal?: AbortSignal,
): Promise<TInvitation> {
  const response = await client.get<{ data: TInvitation }>("/api/auth/invitation", {
    query: { invitation_token: token },
    signal,
  });
  return response.data.data;
}

/** PUT /auth/invitation: sets the password; the BFF keeps the session it answers with. */
export async function acceptInvitation(
  client: ApiClient,
  token: string,
  values: TInvitationPassword,
): Promise<void> {
  await client.put("/api/auth/invitation", { invitationToken: token, ...values });
}

/** GET /api/session: whether the BFF now holds a session (the accept may not sign in). */
export async function isSignedInNow(client: ApiClient): Promise<boolean> {
  try {
    return (await client.get<{ signedIn?: boolean }>("/api/session")).data.signedIn === true;
  } catch {
    return false;
  }
}
