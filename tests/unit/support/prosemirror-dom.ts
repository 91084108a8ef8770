/**
 * What ProseMirror measures and jsdom does not lay out: a Range's rectangles and the
 * element at a point. The editor scrolls its selection into view after a change; with no
 * layout there is nothing to scroll, so empty rectangles are the truth here.
 */
export function stubLayoutForProseMirror() {
  const empty = () => {
    const list: DOMRect[] = [];
    return Object.assign(list, {
      item: (index: number) => list[index] ?? null,
    }) as unknown as DOMRectList;
  };
  Range.prototype.getClientRects = empty;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  Element.prototype.getClientRects = empty;
  if (!document.elementFromPoint) document.elementFromPoint = () => null;
  Element.prototype.scrollIntoView = () => undefined;
}
