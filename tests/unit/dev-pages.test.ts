import { describe, expect, it, vi } from "vitest";
import { devPagesAccess } from "@/lib/dev-pages/access";
import { DEV_PAGES } from "@/lib/dev-pages/pages";
import { contrastRows, formatRatio, swatchRows } from "@/lib/dev-pages/tenant-contrast";
import { devPagesEnabled, parseWebEnv } from "@/lib/env";
import { matchRoute } from "@/lib/routes";
import { AA_NON_TEXT, AA_TEXT } from "@/lib/theme/contrast";
import { PAIRINGS } from "@/lib/theme/pairings";
import { TAILWIND_PALETTES } from "@/lib/theme/palettes";
import { DEFAULT_THEME } from "@/lib/theme/theme";

describe("who may open the developer and test pages", () => {
  it("switch on (development, ENABLE_DEV_PAGES=true): everyone, signed in or not", () => {
    expect(devPagesAccess({ enabled: true, signedIn: false })).toBe("open");
    expect(devPagesAccess({ enabled: true, signedIn: true })).toBe("open");
  });

  it("switch off (production): signed out they do not exist; signed in, superadmins only", () => {
    expect(devPagesAccess({ enabled: false, signedIn: false })).toBeNull();
    expect(devPagesAccess({ enabled: false, signedIn: true })).toBe("superadmins");
  });

  it("the switch: on in development and tests, off in production unless ENABLE_DEV_PAGES says so", () => {
    const env = (values: Record<string, string>) => parseWebEnv({ ...values });
    expect(devPagesEnabled(env({ NODE_ENV: "development" }))).toBe(true);
    expect(devPagesEnabled(env({ NODE_ENV: "test" }))).toBe(true);
    const production = {
      NODE_ENV: "production",
      SESSION_SECRET: "a-production-session-secret-of-enough-length",
    };
    expect(devPagesEnabled(env(production))).toBe(false);
    expect(devPagesEnabled(env({ ...production, ENABLE_DEV_PAGES: "true" }))).toBe(true);
    expect(devPagesEnabled(env({ ...production, ENABLE_DEV_PAGES: "false" }))).toBe(false);
  });

  it("the /dev index lists every developer and test page of the route table but itself", () => {
    for (const { path } of DEV_PAGES) expect(matchRoute(path), path).not.toBeNull();
    const listed = new Set<string>(DEV_PAGES.map((page) => page.path));
    const spec = [
      ...["form", "modal", "colors", "components"].map((p) => `/dev/${p}`),
      ...[
        "api",
        "auth",
        "dupe",
        "form",
        "user",
        "colors",
        "sentry",
        "tiptap",
        "toaster",
        "step-form",
        "step-form-2",
        "datepicker",
        "dollar-api",
        "user-store",
        "server-error",
        "formbuilder",
      ].map((p) => `/test/${p}`),
    ];
    expect(spec.filter((path) => !listed.has(path))).toEqual([]);
  });
});

describe("the colours pages' contrast table", () => {
  it("computes every pairing for a palette, with WCAG's ratio and the AA verdict", () => {
    const rows = contrastRows(DEFAULT_THEME.palette);
    expect(rows).toHaveLength(PAIRINGS.length);
    // White on neutral-800 (the neutral buttons): slate-800 is #1d293d, about 14.6:1.
    const button = rows.find(
      (row) => row.foreground.name === "white" && row.background.name === "neutral-800",
    );
    expect(button?.foreground.color).toBe("#ffffff");
    expect(button?.background.color).toBe(TAILWIND_PALETTES.slate[800]);
    expect(button?.ratio).toBeCloseTo(14.62, 2);
    expect(button?.passes).toBe(true);
    for (const row of rows) expect(row.passes).toBe(row.ratio >= row.min);
    expect(new Set(rows.map((row) => row.min))).toEqual(new Set([AA_TEXT, AA_NON_TEXT]));
  });

  it("says fail when a pair is below its minimum", () => {
    // Why green is no secondary palette (lib/theme/palettes.ts): its 700 links on gray-100.
    const rows = contrastRows({ primary: "green", secondary: "green" as "blue", neutral: "gray" });
    const failing = rows.filter((row) => !row.passes);
    expect(failing.map((row) => [row.foreground.name, row.background.name])).toEqual([
      ["secondary-700", "neutral-100"],
    ]);
    expect(failing[0].ratio).toBeLessThan(AA_TEXT);
    expect(formatRatio(failing[0].ratio)).toBe("4.49:1");
  });

  it("danger is red for every tenant; swatches cover the tenant's three palettes and danger", () => {
    const rows = swatchRows({ primary: "teal", secondary: "blue", neutral: "stone" });
    expect(rows.map((row) => [row.role, row.palette])).toEqual([
      ["primary", "teal"],
      ["secondary", "blue"],
      ["neutral", "stone"],
      ["danger", "red"],
    ]);
    expect(rows[0].shades).toHaveLength(10);
  });

  it("writes a ratio rounded down, so a near miss never reads as a pass", () => {
    expect(formatRatio(4.4999)).toBe("4.49:1");
    expect(formatRatio(21)).toBe("21.00:1");
  });
});

describe("requireDevPages, the page's side", () => {
  it("switch off: a 404 signed out, and signed in unless the api's non-rotating check says 204", async () => {
    vi.resetModules();
    const session = { current: {} as Record<string, string> };
    const api = { answer: 403, calls: [] as { path: string; headers: Record<string, string> }[] };
    vi.doMock("server-only", () => ({}));
    vi.doMock("@/lib/env", async (original) => ({
      ...(await original<typeof import("@/lib/env")>()),
      devPagesEnabled: () => false,
    }));
    vi.doMock("@/lib/auth/get-session", () => ({ getSession: async () => session.current }));
    vi.doMock("@/lib/request/current-tenant", () => ({
      getCurrentTenant: async () => ({ slug: "demo", appContext: "vrijwilligerswerk" }),
    }));
    vi.doMock("@/lib/api/server", () => ({
      serverApi: {
        get: async (path: string, options: { headers: Record<string, string> }) => {
          api.calls.push({ path, headers: options.headers });
          if (api.answer === 204) return { status: 204, data: null, headers: {} };
          throw Object.assign(new Error("refused"), { statusCode: api.answer });
        },
      },
    }));
    const notFound = new Error("NEXT_HTTP_ERROR_FALLBACK;404");
    vi.doMock("next/navigation", () => ({
      notFound: () => {
        throw notFound;
      },
    }));
    const { requireDevPages } = await import("@/lib/dev-pages/require-dev-pages");
    await expect(requireDevPages()).rejects.toBe(notFound);
    // Half a session is none (spec §3: all three values): the api is not even asked.
    session.current = { accessToken: "a", client: "c" };
    await expect(requireDevPages()).rejects.toBe(notFound);
    expect(api.calls).toEqual([]);
    session.current = { accessToken: "a", client: "c", uid: "u" };
    for (const refusal of [403, 401, 0]) {
      api.answer = refusal;
      await expect(requireDevPages()).rejects.toBe(notFound);
    }
    api.answer = 204;
    await expect(requireDevPages()).resolves.toBeUndefined();
    expect(api.calls.at(-1)).toEqual({
      path: "/api/v1/dev_pages/access",
      headers: expect.objectContaining({
        "X-Tenant": "demo",
        "access-token": "a",
        client: "c",
        uid: "u",
      }),
    });
    for (const name of ["@/lib/env", "@/lib/auth/get-session", "@/lib/request/current-tenant"]) {
      vi.doUnmock(name);
    }
    vi.doUnmock("@/lib/api/server");
    vi.doUnmock("next/navigation");
    vi.doUnmock("server-only");
  });
});
