import { type DefaultTreeAdapterMap, parseFragment } from "parse5";

// The XSS corpus and the browser-side check of rich text (ARCHITECTURE decision 8), shared
// by the sanitiser's unit test and the api's save path (tests/api/vacancy-writes.test.ts).
// A corpus of payloads in the style of OWASP's filter-evasion cheat sheet; the output is
// parsed the way a browser parses it (parse5): only allowlisted elements and attributes may
// survive, no on* handler, no URL with a scheme other than http(s), mailto and tel.

export type TNode = DefaultTreeAdapterMap["childNode"];
type TElement = DefaultTreeAdapterMap["element"];

export const ALLOWED: Record<string, readonly string[]> = {
  p: ["style"],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  a: ["href", "title", "target", "rel"],
  ul: [],
  ol: ["start"],
  li: [],
  h2: ["style"],
  h3: ["style"],
  h4: ["style"],
  blockquote: [],
  code: [],
  pre: [],
  hr: [],
  img: ["src", "alt", "title", "width", "height"],
};

/** What a browser does to a URL before reading its scheme: trim C0 controls and spaces,
 *  drop tabs and newlines anywhere (URL standard), lower-case. */
const schemeOf = (url: string): string | null => {
  let start = 0;
  let end = url.length;
  while (start < end && url.charCodeAt(start) <= 0x20) start++;
  while (end > start && url.charCodeAt(end - 1) <= 0x20) end--;
  const cleaned = url
    .slice(start, end)
    .replace(/[\t\n\r]/g, "")
    .toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*):/.exec(cleaned);
  return match ? match[1] : null;
};

export function elements(nodes: TNode[]): TElement[] {
  return nodes.flatMap((node) =>
    "tagName" in node
      ? [node as TElement, ...elements((node as TElement).childNodes as TNode[])]
      : [],
  );
}

/** Every problem a browser would meet in `html`; [] when it is safe. */
export function problems(html: string): string[] {
  const found: string[] = [];
  const tree = parseFragment(html);
  for (const el of elements(tree.childNodes as TNode[])) {
    const allowed = ALLOWED[el.tagName];
    if (!allowed) {
      found.push(`element <${el.tagName}>`);
      continue;
    }
    for (const attr of el.attrs) {
      const name = attr.name.toLowerCase();
      if (name.startsWith("on")) found.push(`handler ${name} on <${el.tagName}>`);
      if (!allowed.includes(name)) found.push(`attribute ${name} on <${el.tagName}>`);
      if (name === "href" || name === "src") {
        // No scheme: a path on the site itself, fetched over the page's own http(s).
        const scheme = schemeOf(attr.value);
        const schemes = el.tagName === "img" ? ["https"] : ["http", "https", "mailto", "tel"];
        if (scheme !== null && !schemes.includes(scheme)) {
          found.push(`${name}="${attr.value}" on <${el.tagName}>`);
        }
        if (el.tagName === "a" && attr.value.trim().startsWith("//")) {
          found.push(`protocol-relative ${name}`);
        }
      }
      if (
        name === "style" &&
        !/^\s*text-align:\s*(left|right|center|justify);?\s*$/i.test(attr.value)
      ) {
        found.push(`style="${attr.value}"`);
      }
    }
  }
  return found;
}

export const CORPUS: string[] = [
  // script elements
  "<script>alert('XSS')</script>",
  "<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>",
  "<script/XSS src='https://xss.example/xss.js'></script>",
  "<<SCRIPT>alert('XSS');//\\<</SCRIPT>",
  "<SCRIPT SRC=//xss.example/.j>",
  "<script>/* */alert(1)</script><p>ok</p>",
  '<p>text<script src="data:text/javascript,alert(1)"></script></p>',
  "<scr<script>ipt>alert(1)</scr</script>ipt>",
  // event handlers
  '<img src="https://example.org/a.png" onerror="alert(1)">',
  "<IMG SRC=# onmouseover=\"alert('xxs')\">",
  "<img src=x onerror=alert(String.fromCharCode(88,83,83))>",
  '<p onclick="alert(1)">click</p>',
  '<a href="https://example.org" onmouseover="alert(1)">link</a>',
  "<body onload=alert('XSS')>",
  '<h2 onfocus="alert(1)" autofocus tabindex="0">x</h2>',
  "<strong/onpointerenter=alert(1)>x</strong>",
  '<p\tonclick="alert(1)">tab before handler</p>',
  '<img """><script>alert("XSS")</script>">',
  // javascript: URLs with every disguise
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="jav\tascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="jav&#x0A;ascript:alert(1)">x</a>',
  '<a href="jav&#x0D;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#0000106&#0000097&#0000118&#0000097&#0000115&#0000099&#0000114&#0000105&#0000112&#0000116&#0000058alert(1)">x</a>',
  '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  '<a href="&#14;  javascript:alert(1)">x</a>',
  '<a href="javascript&colon;alert(1)">x</a>',
  '<a href="java&Tab;script:alert(1)">x</a>',
  '<a href="\x01javascript:alert(1)">x</a>',
  '<img src="javascript:alert(1)">',
  "<IMG SRC=`javascript:alert(\"RSnake says, 'XSS'\")`>",
  "<IMG SRC=javascript:alert('XSS')>",
  // data:, vbscript: and other schemes
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="VBSCRIPT:msgbox(1)">x</a>',
  '<a href="livescript:alert(1)">x</a>',
  '<a href="file:///etc/passwd">x</a>',
  '<img src="http://example.org/plain-http.png">',
  '<a href="//evil.example/x">protocol-relative</a>',
  // svg and math
  "<svg onload=alert(1)>",
  '<svg><script xlink:href="data:,alert(1)"></script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="20" y="20">XSS</text></a></svg>',
  "<svg><animate onbegin=alert(1) attributeName=x dur=1s>",
  "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>",
  '<math href="javascript:alert(1)">CLICKME</math>',
  // iframes, objects, embeds, forms
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="data:text/html,<script>alert(1)</script>">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  "<input onfocus=alert(1) autofocus>",
  '<isindex action="javascript:alert(1)" type=image>',
  '<base href="javascript:alert(1)//">',
  // style and expression
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<p style="width: expression(alert(1))">x</p>',
  '<p style="text-align:center; behavior: url(xss.htc)">x</p>',
  "<style>@import 'https://xss.example/xss.css';</style>",
  '<div style="-moz-binding:url(https://xss.example/xss.xml#xss)">x</div>',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  // meta refresh
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1);">',
  '<META HTTP-EQUIV="refresh" CONTENT="0;url=data:text/html base64,PHNjcmlwdD5hbGVydCgnWFNTJyk8L3NjcmlwdD4K">',
  // nested and broken tags
  '<<img src="x" onerror="alert(1)"//<',
  '<img src=x onerror="alert(1)"<p>',
  "<p <script>alert(1)</script>>x</p>",
  '<a href="https://example.org"<img src=x onerror=alert(1)>>x</a>',
  '<div><p>unclosed <a href="javascript:alert(1)">x',
  "<IMG SRC=\"jav\nascript:alert('XSS');\">",
  "<img src=x:alert(alt) onerror=eval(src) alt=0>",
  // mutation XSS patterns
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>",
  '<listing>&lt;img onerror="alert(1)" src=1&gt;</listing>',
  "<textarea><img src=x onerror=alert(1)></textarea>",
  "<title><img src=x onerror=alert(1)></title>",
  '<xmp><p title="</xmp><img src=x onerror=alert(1)>">',
  "<template><img src=x onerror=alert(1)></template>",
  '<a href="https://example.org" title="&quot;><img src=x onerror=alert(1)>">ok</a>',
  '<p title="`"><img src=x onerror=alert(1)>`">x</p>',
  // comments and conditional comments
  "<!--[if gte IE 4]><SCRIPT>alert('XSS');</SCRIPT><![endif]-->",
  "<!-- --><img src=x onerror=alert(1)>-->",
  '<p><!--<img src="--><img src=x onerror=alert(1)//">--></p>',
];
