import type { IncomingHttpHeaders } from "node:http";

/** IPv4 peers arrive as `::ffff:a.b.c.d` on a dual-stack socket. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, "");

/**
 * Makes the request's X-Forwarded-For say who connected, before the BFF (lib/bff) reads its
 * last entry as the client's address and passes it to the api. A trusted proxy's header
 * stands (its last entry is the address the proxy saw); anyone else's is replaced by the
 * socket's peer address, so a client talking to the web directly cannot choose the address
 * the api counts its per-IP limits against. X-Real-IP and Forwarded go too: nothing here
 * reads them, and nothing downstream should believe them.
 */
export function normalizeForwardedFor(
  headers: IncomingHttpHeaders,
  peer: string | undefined,
  trustedProxies: readonly string[],
): void {
  const from = peer === undefined ? undefined : plain(peer);
  const trusted = from !== undefined && trustedProxies.map(plain).includes(from);
  if (trusted && headers["x-forwarded-for"]) return;
  delete headers["x-real-ip"];
  delete headers.forwarded;
  if (from === undefined) delete headers["x-forwarded-for"];
  else headers["x-forwarded-for"] = from;
}
