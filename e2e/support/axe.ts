import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** WCAG 2.2 AA, as axe tags it (the 2.0 and 2.1 A/AA rules plus the 2.2 AA ones). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** Fails with one line per violated rule and the elements it found, so the report says what to fix. */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string[] } = {},
): Promise<void> {
  // The page scrolls smoothly (spec §2): a check run while a focus moves the page would
  // measure targets half under the sticky header. Wait until the page has stood still for
  // a while: a smooth scroll can begin a frame or two after the focus on a busy machine.
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let y = window.scrollY;
        let still = 0;
        const started = performance.now();
        const step = () => {
          still = window.scrollY === y ? still + 1 : 0;
          y = window.scrollY;
          if (still >= 8 && performance.now() - started >= 150) resolve(true);
          else requestAnimationFrame(step);
        };
        requestAnimationFrame(step);
      }),
  );
  // Legacy mode runs axe.run in the page itself (and in same-origin frames; we embed no
  // cross-origin frame we could fix). The default opens a blank page for every check to
  // merge the frames' partial results: 0.6 to 1 s a check instead of 0.3 to 0.45 s, over
  // some 350 checks of the suite.
  let builder = new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  const summary = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    targets: v.nodes.map((node) => node.target.join(" ")),
  }));
  expect(summary).toEqual([]);
}
