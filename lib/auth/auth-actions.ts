/**
 * Sign-in and sign-out through the BFF, without React so they can be tested with a
 * fake client. useAuth() binds them to the app's query client.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { ApiClient } from "@/lib/api";
import { type AuthState, authState, type CurrentUser } from "./auth-state";
import { currentUserQuery } from "./current-user-query";

export interface AuthActionDeps {
  client: ApiClient;
  queryClient: QueryClient;
  state?: AuthState;
}

/**
 * POST /api/auth/sign_in, then loads the current user with roles. Throws the ApiError
 * of either call (a 'wrong center' refusal included, spec §8) and leaves the state as it was.
 */
export async function signIn(
  { client, queryClient, state = authState }: AuthActionDeps,
  email: string,
  password: string,
): Promise<CurrentUser> {
  await client.post("/api/auth/sign_in", { email, password });
  // Another user's data may still be cached from before: always load afresh.
  const user = await queryClient.fetchQuery({ ...currentUserQuery(client), staleTime: 0 });
  state.signedIn(user, user.roles ?? []);
  return user;
}

/** DELETE /api/auth/sign_out. spec §8: its error is ignored; the app is signed out regardless. */
export async function signOut({ client, queryClient, state = authState }: AuthActionDeps) {
  try {
    await client.delete("/api/auth/sign_out");
  } catch {
    // spec §8: sign-out error ignored (the BFF clears the auth cookie either way).
  }
  state.signedOut();
  // Nothing of the signed-in user may outlive the session in the cache.
  queryClient.clear();
}
