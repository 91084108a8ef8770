import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations } from "./support/axe";
import { CHROMIUM_PATH } from "./support/browser";
import { chooseLocale, translator } from "./support/i18n";
import { E2E } from "./support/ports";

// The social map with a real map (docs/social-map.md). playwright.config launches chromium
// with --disable-gpu; this file alone (launch options force a worker of their own, so they
// cannot sit in a describe of social-map.spec.ts) asks for WebGL through SwiftShader, the
// software renderer, which works headless on this machine.
test.use({
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [
      "--no-sandbox",
      "--use-angle=swiftshader",
      "--enable-unsafe-swiftshader",
      "--ignore-gpu-blocklist",
      "--no-first-run",
      "--disable-background-networking",
    ],
  },
});

const on = (tenant: string, path: string) => `http://${tenant}.localhost:${E2E.webPort}${path}`;

async function mapIds(page: Page, tenant: string): Promise<{ id: string; name: string }[]> {
  // Straight to the api with the tenant's header: Node resolves no *.localhost names.
  const res = await page.request.get(
    `http://127.0.0.1:${E2E.apiPort}/api/v1/social_map?page[size]=1000`,
    { headers: { "X-Tenant": tenant } },
  );
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { data: { id: string; attributes: { name: string } }[] };
  return body.data.map((d) => ({ id: d.id, name: d.attributes.name }));
}

test.describe("with JavaScript and WebGL (SwiftShader)", () => {
  test("the map draws, the list follows its bounds, and choosing one flies there with a popup", async ({
    page,
  }) => {
    const nl = translator("nl");
    const all = await mapIds(page, "oldebroek");
    // The page's Content-Security-Policy (docs/web-hardening.md) lets the worker, the style
    // and the tiles through: Chromium reports no violation, in the page or its worker.
    const refused: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) =>
        console.error(`Content Security Policy: ${event.effectiveDirective} ${event.blockedURI}`),
      );
    });
    await page.goto(on("oldebroek", "/sociale-kaart"));
    await expect(page.locator("canvas.maplibregl-canvas")).toBeVisible({ timeout: 15_000 });
    await expect(page.locator("[data-map-status=ready]")).toBeVisible({ timeout: 15_000 });
    const count = page.getByTestId("in-view-count");
    await expect(count).toHaveAttribute("aria-live", "polite");
    // Fitted to every marker: all placed organisations are in view.
    await expect(count).toHaveText(nl("socialMap.inView", { count: all.length }));
    await expectNoAxeViolations(page);

    const target = "Voedselbank 't Harde";
    await page.getByRole("button", { name: nl("socialMap.showOnMap", { name: target }) }).click();
    const popup = page.getByTestId("map-popup");
    await expect(popup.getByRole("link", { name: target })).toBeVisible({ timeout: 10_000 });
    // Zoomed in on 't Harde, Wezep and Hattemerbroek are out of view.
    await expect(
      page.getByTestId("in-view-list").getByRole("link", { name: target }),
    ).toBeVisible();
    await expect(async () => {
      const text = (await count.textContent()) ?? "";
      const shown = Number(/\d+/.exec(text)?.[0] ?? all.length);
      expect(shown).toBeLessThan(all.length);
    }).toPass({ timeout: 10_000 });
    await expect(
      page.getByTestId("in-view-list").getByRole("link", { name: "Tennisclub Wezep" }),
    ).toHaveCount(0);

    await popup.getByRole("link", { name: target }).click();
    await expect(page.getByRole("heading", { level: 1, name: target })).toBeVisible();
    expect(refused).toEqual([]);
  });

  test("clusters show their count as a button that zooms in", async ({ page }) => {
    const nl = translator("nl");
    const all = await mapIds(page, "oldebroek");
    await page.goto(on("oldebroek", "/sociale-kaart"));
    await expect(page.locator("[data-map-status=ready]")).toBeVisible({ timeout: 15_000 });
    const clusters = page.getByRole("button", { name: /organisaties, zoom in$/ });
    await expect(clusters.first()).toBeVisible({ timeout: 10_000 });
    const label = (await clusters.first().getAttribute("aria-label")) ?? "";
    const inCluster = Number(/\d+/.exec(label)?.[0]);
    expect(label).toBe(nl("socialMap.cluster", { count: inCluster }));
    await expect(clusters.first()).toHaveText(String(inCluster));
    await clusters.first().click();
    const count = page.getByTestId("in-view-count");
    await expect(async () => {
      const shown = Number(/\d+/.exec((await count.textContent()) ?? "")?.[0] ?? all.length);
      expect(shown).toBeLessThan(all.length);
    }).toPass({ timeout: 10_000 });
  });

  test("the map's JavaScript loads on the map page only", async ({ page }) => {
    const mapScript = async (path: string, waitFor: () => Promise<void>) => {
      const bodies: Promise<string>[] = [];
      const listener = (res: import("@playwright/test").Response) => {
        if (res.request().resourceType() === "script") bodies.push(res.text().catch(() => ""));
      };
      page.on("response", listener);
      await page.goto(on("oldebroek", path), { waitUntil: "load" });
      await waitFor();
      page.off("response", listener);
      return (await Promise.all(bodies)).some((body) => body.includes("maplibregl-canvas"));
    };
    expect(
      await mapScript("/sociale-kaart", () =>
        expect(page.locator("canvas.maplibregl-canvas")).toBeVisible({ timeout: 15_000 }),
      ),
    ).toBe(true);
    expect(
      await mapScript("/organizations/signup", () =>
        expect(page.getByRole("heading", { level: 1 })).toBeVisible(),
      ),
    ).toBe(false);
  });

  for (const [tenant, locale] of [
    ["oldebroek", "nl"],
    ["public", "en"],
  ] as const) {
    test(`on a narrow screen the list comes first and the map loads when asked for (${locale})`, async ({
      page,
      context,
    }) => {
      const t = translator(locale);
      await chooseLocale(context, on(tenant, "/"), locale);
      const scripts: Promise<string>[] = [];
      page.on("response", (res) => {
        if (res.request().resourceType() === "script") scripts.push(res.text().catch(() => ""));
      });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(on(tenant, "/sociale-kaart"), { waitUntil: "load" });
      const show = page.getByRole("button", { name: t("socialMap.showMap") });
      await expect(show).toBeVisible();
      await expect(page.getByText(t("socialMap.mapOnRequest"))).toBeVisible();
      // The server's list of every organisation is there, and no map code has been fetched.
      await expect(
        page.getByRole("main").locator('a[href^="/sociale-kaart/"]').first(),
      ).toBeVisible();
      await expect(page.locator("canvas.maplibregl-canvas")).toHaveCount(0);
      expect((await Promise.all(scripts)).some((body) => body.includes("maplibregl-canvas"))).toBe(
        false,
      );
      await expectNoAxeViolations(page);

      await show.click();
      await expect(page.locator("[data-map-status=ready]")).toBeVisible({ timeout: 15_000 });
      await expect(page.locator("canvas.maplibregl-canvas")).toBeVisible();
      await expect(page.locator("[data-map-status]")).toBeFocused();
      await expect(page.getByTestId("in-view-count")).toBeVisible();
    });
  }

  test("peer help on oldebroek: the posts' approximate places on a map, a place's posts in the list", async ({
    page,
    context,
  }) => {
    const t = translator("nl");
    await chooseLocale(context, on("oldebroek", "/"), "nl");
    const scripts: Promise<string>[] = [];
    page.on("response", (res) => {
      if (res.request().resourceType() === "script") scripts.push(res.text().catch(() => ""));
    });
    // Signed out: oldebroek's site lets everyone read its posts.
    await page.goto(on("oldebroek", "/een-op-een-hulp"), { waitUntil: "load" });
    await expect(page.getByRole("article", { name: "Ik help graag in de tuin" })).toBeVisible();
    expect((await Promise.all(scripts)).some((body) => body.includes("maplibregl-canvas"))).toBe(
      false,
    );
    await page.getByRole("button", { name: t("peerHelp.board.showMap") }).click();
    await expect(page.locator("[data-map-status=ready]")).toBeVisible({ timeout: 15_000 });
    await expect(page.locator("[data-map-status]")).toBeFocused();
    const map = page.getByRole("region", { name: t("peerHelp.board.mapLabel") });
    const cells = map.getByRole("button", { pressed: false });
    await expect(cells.first()).toBeVisible();
    await expectNoAxeViolations(page);

    const first = cells.first();
    const count = Number(await first.textContent());
    await first.click();
    await expect(map.getByRole("button", { pressed: true })).toHaveCount(1);
    const place = page.getByRole("region", { name: /^Berichten rond / });
    await expect(place.getByRole("article")).toHaveCount(count);
    await place.getByRole("button", { name: t("peerHelp.board.showAll") }).click();
    await expect(place).toHaveCount(0);
    await expect(page.getByRole("article", { name: "Ik help graag in de tuin" })).toBeVisible();
  });
});
