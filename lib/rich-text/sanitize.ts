import sanitizeHtml from "sanitize-html";

/**
 * The one allowlist for rich text (ARCHITECTURE decision 8): what the Tiptap editor
 * produces (paragraphs, headings from level 2, lists, quotes, code, links, images,
 * alignment) and nothing else. Scripts, event handlers, styles other than text-align,
 * iframes, forms, SVG and every URL scheme but http(s), mailto and tel are removed.
 * Used by the web before render and by the api before it stores (docs/rich-text.md).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "a",
    "ul",
    "ol",
    "li",
    "h2",
    "h3",
    "h4",
    "blockquote",
    "code",
    "pre",
    "hr",
    "img",
  ],
  allowedAttributes: {
    a: ["href", "title", "target", "rel"],
    img: ["src", "alt", "title", "width", "height"],
    p: ["style"],
    h2: ["style"],
    h3: ["style"],
    h4: ["style"],
    ol: ["start"],
  },
  allowedStyles: {
    "*": { "text-align": [/^(left|right|center|justify)$/] },
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["https"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // A heading level 1 belongs to the page, not to its content.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const external = attribs.target === "_blank";
      const { target: _target, rel: _rel, ...rest } = attribs;
      return {
        tagName,
        attribs: external
          ? { ...rest, target: "_blank", rel: "noopener noreferrer nofollow" }
          : { ...rest, rel: "nofollow" },
      };
    },
  },
  exclusiveFilter: (frame) => frame.tag === "a" && !frame.attribs.href,
};

/** Rich text as safe HTML; `null`/empty gives "". */
export function sanitizeRichText(html: string | null | undefined): string {
  if (!html) return "";
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Plain text of rich text (meta descriptions, JSON-LD), whitespace collapsed. */
export function richTextToPlain(html: string | null | undefined, maxLength?: number): string {
  if (!html) return "";
  const text = sanitizeHtml(html.replace(/<\/(p|h\d|li|blockquote)>|<br\s*\/?>/gi, " $& "), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (maxLength === undefined || text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > maxLength * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
