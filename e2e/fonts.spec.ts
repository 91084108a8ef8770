import { expect, test } from "@playwright/test";
import { ARIAL_OVERRIDES } from "../lib/theme/font-fallbacks";
import { E2E } from "./support/ports";

// docs/theme.md "Fonts": next/font's Arial fallback faces plus ours on Roboto and Liberation
// Sans (lib/theme/font-fallbacks.ts), so the page does not move when the font file arrives
// on a device without Arial.
const onTenant = (slug: string, path: string) => `http://${slug}.localhost:${E2E.webPort}${path}`;

// next/font names each fallback face after the variable in lib/theme/fonts.ts.
const NEXT_FALLBACK_FAMILY: Record<keyof typeof ARIAL_OVERRIDES, string> = {
  inter: "interLatin Fallback",
  "atkinson-hyperlegible-next": "atkinsonLatin Fallback",
  figtree: "figtreeLatin Fallback",
  "open-sans": "openSansLatin Fallback",
  "nunito-sans": "nunitoSansLatin Fallback",
};

test("our copy of next/font's Arial overrides matches what its build wrote", async ({ page }) => {
  await page.goto(onTenant("public", "/"));
  const css = await page.evaluate(async () => {
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
    const texts = await Promise.all(links.map((l) => fetch(l.href).then((r) => r.text())));
    return texts.join("\n");
  });
  for (const [font, family] of Object.entries(NEXT_FALLBACK_FAMILY)) {
    const rule = new RegExp(
      `@font-face\\{font-family:${family};src:local\\(Arial\\);ascent-override:([\\d.]+)%;descent-override:([\\d.]+)%;line-gap-override:([\\d.]+)%;size-adjust:([\\d.]+)%\\}`,
    ).exec(css);
    expect(rule, font).not.toBeNull();
    const [, ascent, descent, lineGap, sizeAdjust] = (rule ?? []).map(Number);
    expect({ ascent, descent, lineGap, sizeAdjust }, font).toEqual(
      ARIAL_OVERRIDES[font as keyof typeof ARIAL_OVERRIDES],
    );
  }
});

test("a page in a bundled font carries its Roboto and Liberation fallbacks and does not shift when the font arrives", async ({
  page,
}) => {
  // public uses Inter (lib/tenants/tenants.ts); every request goes to the network.
  await page.route("**/*.woff2", async (route) => {
    // The font arrives late, as on a slow phone: the fallback has long been on screen.
    await new Promise((resolve) => setTimeout(resolve, 400));
    await route.continue();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __shift: number };
    w.__shift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[]) {
        if (!entry.hadRecentInput) w.__shift += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  // A phone's width, where the text wraps differently in an unadjusted fallback: an
  // activity's page moved by 0.10 here when the font arrived, before these fallbacks.
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto(onTenant("public", "/activiteiten"));
  const href = await page
    .getByRole("main")
    .locator('a[href^="/activiteiten/"]')
    .first()
    .getAttribute("href");
  await page.goto(onTenant("public", href ?? "/activiteiten"));
  const styles = await page
    .locator("head style")
    .evaluateAll((nodes) => nodes.map((n) => n.textContent ?? "").join("\n"));
  expect(styles).toContain('font-family:"inter Fallback Roboto"');
  expect(styles).toContain('font-family:"inter Fallback Liberation"');
  const family = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
  expect(family).toContain('"inter Fallback Liberation"');
  // Wait for the font file itself (next/font's family "interLatin", not a fallback face),
  // then read the shift it caused.
  await page.waitForFunction(() =>
    [...document.fonts].some((f) => f.status === "loaded" && /^"?interLatin"?$/.test(f.family)),
  );
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => resolve((window as unknown as { __shift: number }).__shift)),
      ),
  );
  expect(shift).toBeLessThan(0.02);
});
