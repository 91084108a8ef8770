import "server-only";
import type { TAuthValues } from "@/lib/auth/auth-headers";
import type { TForwardPlan } from "@/lib/bff/forward";

// spec §5: a password reset carries either all of uid, client and access token, or the reset
// token. The browser never holds auth headers, so it may send the first form in the JSON body;
// the api wants them as headers (api-contract.md §1.4, PUT /auth/password).

const ACCESS_TOKEN_KEYS = ["access_token", "access-token", "accessToken"] as const;

function isJson(contentType: string | null): boolean {
  return /^application\/([a-z.+-]*\+)?json\b/i.test(contentType ?? "");
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

export const preparePasswordUpdate: NonNullable<TForwardPlan["prepare"]> = ({
  body,
  auth,
  contentType,
}) => {
  if (!body || !isJson(contentType)) return { body, auth };
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString("utf8"));
  } catch {
    return { body, auth };
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
    return { body, auth };
  }
  const fields = parsed as Record<string, unknown>;
  const tokenKey = ACCESS_TOKEN_KEYS.find((key) => nonEmptyString(fields[key]));
  const uid = nonEmptyString(fields.uid);
  const client = nonEmptyString(fields.client);
  if (!tokenKey || !uid || !client) return { body, auth };

  const bodyAuth: TAuthValues = { accessToken: nonEmptyString(fields[tokenKey]), client, uid };
  const rest = { ...fields };
  for (const key of [...ACCESS_TOKEN_KEYS, "uid", "client"]) delete rest[key];
  // The api signs the user in with these credentials; its answer starts a fresh session.
  return { body: Buffer.from(JSON.stringify(rest)), auth: bodyAuth, sessionMode: "replace" };
};
