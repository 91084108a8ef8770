import { connect } from "node:net";

const POLL_MS = 250;

/** Polls until `ready()` is true; fails after `timeoutMs` or as soon as `gaveUp()` is true. */
export async function waitUntil(
  what: string,
  ready: () => Promise<boolean>,
  options: { timeoutMs: number; gaveUp: () => boolean },
): Promise<void> {
  const deadline = Date.now() + options.timeoutMs;
  while (!(await ready())) {
    if (options.gaveUp()) throw new Error(`gave up waiting for ${what}`);
    if (Date.now() > deadline)
      throw new Error(`${what} did not come up in ${options.timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** True when the url answers 2xx. */
export async function answersOk(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/** True when something accepts TCP connections on host:port. */
export function acceptsConnections(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2_000, () => done(false));
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
  });
}
