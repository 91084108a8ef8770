import { readdirSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { forbidden, notFound, redirect, unauthorized } from "next/navigation";
import { isValidElement } from "react";
import { describe, expect, it, vi } from "vitest";

vi.mock("server-only", () => ({}));
// What next.config.ts's experimental.authInterrupts sets in a build.
vi.stubEnv("__NEXT_EXPERIMENTAL_AUTH_INTERRUPTS", "true");

const { interruptStatus, withInterruptScreens } = await import(
  "@/components/errors/interrupt-page"
);
const { ForbiddenScreen, NotFoundScreen, UnauthorizedScreen } = await import(
  "@/components/errors/interrupt-screens"
);
const { withDocumentStatus } = await import("@/lib/errors/document-status");

// components/errors/interrupt-page.tsx: a page's notFound()/forbidden()/unauthorized() after
// an await becomes the group's screen rendered by the page itself, with the document's status.

/** Runs `render` as scripts/web-server.ts runs a document request; returns what it gave and
 *  the status the head was written with. */
async function asDocument(render: () => Promise<unknown>, headers: Record<string, string> = {}) {
  const req = { method: "GET", headers } as unknown as IncomingMessage;
  let written: number | undefined;
  const res = {
    writeHead(status: number) {
      written = status;
      return res;
    },
  } as unknown as ServerResponse;
  const result = await withDocumentStatus(req, res, render);
  res.writeHead(200);
  return { result, status: written };
}

const afterAwait = (raise: () => never) =>
  withInterruptScreens(async () => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    raise();
  });

describe("withInterruptScreens", () => {
  for (const [raise, screen, status] of [
    [notFound, NotFoundScreen, 404],
    [forbidden, ForbiddenScreen, 403],
    [unauthorized, UnauthorizedScreen, 401],
  ] as const) {
    it(`renders ${screen.name} with status ${status} for a document`, async () => {
      const { result, status: written } = await asDocument(() => afterAwait(raise)({}));
      expect(isValidElement(result) && result.type).toBe(screen);
      expect(written).toBe(status);
    });
  }

  it("leaves the page alone when nothing is raised", async () => {
    const page = withInterruptScreens(async () => "the page");
    expect(await asDocument(() => page({}))).toEqual({ result: "the page", status: 200 });
  });

  it("throws the interrupt on to Next for a client navigation (flight data)", async () => {
    const navigation = asDocument(() => afterAwait(notFound)({}), { rsc: "1" });
    await expect(navigation).rejects.toSatisfy((error) => interruptStatus(error) === 404);
  });

  it("throws the interrupt on to Next outside a request (next dev)", async () => {
    await expect(afterAwait(notFound)({})).rejects.toSatisfy(
      (error) => interruptStatus(error) === 404,
    );
  });

  it("throws a redirect and a failure on unchanged", async () => {
    await expect(asDocument(() => afterAwait(() => redirect("/elders"))({}))).rejects.toSatisfy(
      (error) => String((error as { digest?: string }).digest).startsWith("NEXT_REDIRECT;"),
    );
    const failure = new Error("api down");
    await expect(
      asDocument(() =>
        withInterruptScreens(async () => {
          throw failure;
        })({}),
      ),
    ).rejects.toBe(failure);
  });
});

describe("interruptStatus", () => {
  it("reads Next's interrupt digests only", () => {
    expect(interruptStatus({ digest: "NEXT_HTTP_ERROR_FALLBACK;404" })).toBe(404);
    expect(interruptStatus({ digest: "NEXT_HTTP_ERROR_FALLBACK;418" })).toBeNull();
    expect(interruptStatus({ digest: "NEXT_REDIRECT;replace;/x;307;" })).toBeNull();
    expect(interruptStatus(new Error("x"))).toBeNull();
    expect(interruptStatus(null)).toBeNull();
  });
});

/** Every page.tsx under app/, with its source. */
function pageSources(dir: string): [string, string][] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry): [string, string][] => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return pageSources(full);
    return entry.name === "page.tsx" ? [[full, readFileSync(full, "utf8")]] : [];
  });
}

// What raises notFound(), forbidden() or unauthorized() in a page's render: Next's own, ours,
// and the loaders and checks that call them.
const RAISES =
  /\b(notFound|forbidden|unauthorized)\(|\b(throwHttpInterrupt|denyNotFound|denyForbidden|denyUnauthorized|requireActivities|requireVolunteerProfiles|requireDevPages|loadActivity|loadDesk|ProfilePage)\b/;

describe("pages that raise an interrupt", () => {
  it("are wrapped in withInterruptScreens, so the screen is in their HTML", () => {
    const pages = pageSources(path.resolve(import.meta.dirname, "../../app"));
    const raising = pages.filter(([, source]) => RAISES.test(source));
    expect(raising.length).toBeGreaterThan(10);
    for (const [file, source] of raising) {
      expect(source, file).toContain("export default withInterruptScreens(");
    }
  });
});
