import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { createPageRevalidator } from "../../../backend/http/page-revalidation";
import { REVALIDATE_SIGNATURE_HEADER } from "../../../lib/contract/revalidate";
import { verifyRevalidation } from "../../../lib/contract/revalidate-signature";

const secret = "k".repeat(40);

function logger() {
  const warnings: unknown[] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe("the api's revalidation call", () => {
  it("posts a signed body for the tenant to the web's address", async () => {
    const seen: { url: string; tenant: string | undefined }[] = [];
    const { log, warnings } = logger();
    const revalidate = createPageRevalidator({
      webUrl: "http://web.internal:3000",
      secret,
      log,
      fetch: (async (url: string, init: RequestInit) => {
        const headers = init.headers as Record<string, string>;
        const call = verifyRevalidation(
          Buffer.from(init.body as string),
          headers[REVALIDATE_SIGNATURE_HEADER],
          secret,
        );
        seen.push({ url, tenant: call?.tenant });
        return new Response("{}");
      }) as typeof fetch,
    });
    await revalidate("oldebroek");
    expect(seen).toEqual([
      { url: "http://web.internal:3000/_volunteerly/revalidate", tenant: "oldebroek" },
    ]);
    expect(warnings).toEqual([]);
  });

  it("folds calls made while one is under way into one more, after it", async () => {
    let calls = 0;
    let release: () => void = () => {};
    const { log } = logger();
    const revalidate = createPageRevalidator({
      webUrl: "http://web",
      secret,
      log,
      fetch: (async () => {
        calls++;
        if (calls === 1) await new Promise<void>((resolve) => (release = resolve));
        return new Response("{}");
      }) as typeof fetch,
    });
    const first = revalidate("demo");
    const later = [revalidate("demo"), revalidate("demo"), revalidate("demo")];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(calls).toBe(1);
    release();
    await Promise.all([first, ...later]);
    expect(calls).toBe(2);
  });

  it("never fails: a refused or unreachable web is logged, a hanging one waited for briefly", async () => {
    const { log, warnings } = logger();
    const refused = createPageRevalidator({
      webUrl: "http://web",
      secret,
      log,
      fetch: (async () => new Response("no", { status: 404 })) as typeof fetch,
    });
    await expect(refused("demo")).resolves.toBeUndefined();
    const down = createPageRevalidator({
      webUrl: "http://web",
      secret,
      log,
      fetch: (async () => {
        throw new TypeError("fetch failed");
      }) as typeof fetch,
    });
    await expect(down("demo")).resolves.toBeUndefined();
    const hanging = createPageRevalidator({
      webUrl: "http://web",
      secret,
      log,
      timeoutMs: 50,
      fetch: ((_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        })) as typeof fetch,
    });
    const startedAt = Date.now();
    await expect(hanging("demo")).resolves.toBeUndefined();
    expect(Date.now() - startedAt).toBeLessThan(1_000);
    expect(warnings).toHaveLength(3);
  });

  it("does nothing without the web's address or the secret", async () => {
    let calls = 0;
    const fake = (async () => {
      calls++;
      return new Response("{}");
    }) as typeof fetch;
    const { log } = logger();
    await createPageRevalidator({ webUrl: undefined, secret, log, fetch: fake })("demo");
    await createPageRevalidator({ webUrl: "http://web", secret: undefined, log, fetch: fake })(
      "demo",
    );
    expect(calls).toBe(0);
  });
});
