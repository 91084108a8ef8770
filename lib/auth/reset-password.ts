// spec §5: the exact text, also shown (localized) on the reset page.
export const missingResetCredentialsMessage =
  "You must provide either the uid, client and accessToken or the resetPasswordToken";

/**
 * What proves the right to set a new password. The token mode is ours (decisions.md:
 * client-token mode); the header triple is devise_token_auth's older redirect and is kept
 * so the page works against such a backend too.
 */
export type ResetPasswordCredentials =
  | { resetPasswordToken: string }
  | { uid: string; client: string; accessToken: string };

type Params = URLSearchParams | Record<string, string | string[] | undefined>;

function read(params: Params, name: string): string | undefined {
  const value = params instanceof URLSearchParams ? params.get(name) : params[name];
  const first = Array.isArray(value) ? value[0] : value;
  const trimmed = first?.trim();
  return trimmed ? trimmed : undefined;
}

/** spec §5: either all of uid, client and access token, or the reset token; otherwise an Error. */
export function resetPasswordPayload(params: Params): ResetPasswordCredentials {
  const resetPasswordToken = read(params, "reset_password_token");
  if (resetPasswordToken) return { resetPasswordToken };
  const uid = read(params, "uid");
  const client = read(params, "client");
  const accessToken = read(params, "access-token");
  if (uid && client && accessToken) return { uid, client, accessToken };
  throw new Error(missingResetCredentialsMessage);
}
