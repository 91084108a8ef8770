// The devise_token_auth token rules the BFF (and the bench) apply to every upstream response.
// api-contract.md §4 pitfall 1: rotation under concurrent requests causes spurious logouts
// unless blank batch tokens and older tokens are ignored.

/** What the web keeps of a devise_token_auth sign-in; every field is optional until signed in. */
export type TAuthValues = {
  accessToken?: string;
  client?: string;
  uid?: string;
  /** Unix seconds, as the api's `expiry` header says. */
  expiry?: number;
};

export type TSignedInAuth = Required<Pick<TAuthValues, "accessToken" | "client" | "uid">> &
  TAuthValues;

export type THeaderSource = Headers | Record<string, string | string[] | undefined>;

export function headerValue(headers: THeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function nonBlank(value: string | undefined): string | undefined {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
}

function parseExpiry(value: string | undefined): number | undefined {
  const text = nonBlank(value);
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  return Number(text);
}

/** Signed in = access token, client and uid all present (the three auth values of spec §9). */
export function isSignedIn(auth: TAuthValues | null | undefined): auth is TSignedInAuth {
  return Boolean(auth?.accessToken && auth.client && auth.uid);
}

/**
 * The auth values after an upstream response, per api-contract.md §4:
 * - a blank access-token (a batch response, `" "`) keeps the current token;
 * - a token is taken only if its expiry is not older than the stored one;
 * - client and uid travel with the token they came with.
 * `changed` says whether anything must be written back.
 */
export function applyUpstreamAuthHeaders(
  current: TAuthValues,
  headers: THeaderSource,
): { session: TAuthValues; changed: boolean } {
  const accessToken = nonBlank(headerValue(headers, "access-token"));
  if (!accessToken) return { session: current, changed: false };

  const expiry = parseExpiry(headerValue(headers, "expiry"));
  if (current.expiry !== undefined && (expiry === undefined || expiry < current.expiry)) {
    return { session: current, changed: false };
  }

  const next: TAuthValues = {
    accessToken,
    client: nonBlank(headerValue(headers, "client")) ?? current.client,
    uid: nonBlank(headerValue(headers, "uid")) ?? current.uid,
    expiry,
  };
  const changed =
    next.accessToken !== current.accessToken ||
    next.client !== current.client ||
    next.uid !== current.uid ||
    next.expiry !== current.expiry;
  return { session: changed ? next : current, changed };
}
