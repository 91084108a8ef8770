import type { Locator } from "@playwright/test";

const MARK = "data-ax-probe";

/**
 * What Chromium's accessibility tree says about `locator`'s expanded state: true, false or
 * undefined when it has none. For a popovertarget button the browser computes it (HTML-AAM);
 * there is no aria-expanded attribute to read, and Playwright's own role engine does not
 * derive it, so this asks the browser through the DevTools protocol.
 */
export async function axExpanded(locator: Locator): Promise<boolean | undefined> {
  const page = locator.page();
  await locator.evaluate((element, mark) => element.setAttribute(mark, ""), MARK);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodeId } = await cdp.send("DOM.querySelector", {
      nodeId: root.nodeId,
      selector: `[${MARK}]`,
    });
    const { nodes } = await cdp.send("Accessibility.getPartialAXTree", {
      nodeId,
      fetchRelatives: false,
    });
    const expanded = nodes[0]?.properties?.find((property) => property.name === "expanded");
    return expanded === undefined ? undefined : Boolean(expanded.value.value);
  } finally {
    await cdp.detach();
    await locator.evaluate((element, mark) => element.removeAttribute(mark), MARK);
  }
}
