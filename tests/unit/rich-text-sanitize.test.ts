import { parseFragment, serialize } from "parse5";
import { describe, expect, it } from "vitest";
import { richTextToPlain, sanitizeRichText } from "@/lib/rich-text/sanitize";
import { CORPUS, elements, problems, type TNode } from "../api/support/xss-corpus";

// ARCHITECTURE decision 8: rich text from the api is sanitized before
// render. A corpus of XSS payloads in the style of OWASP's filter-evasion cheat sheet goes
// through lib/rich-text/sanitize.ts, and the output is parsed the way a browser parses it
// (parse5, the HTML standard's tree builder): only allowlisted elements and attributes may
// survive, no on* handler, no URL with a scheme other than http(s), mailto and tel.

describe("sanitizeRichText against an XSS corpus", () => {
  it("has a corpus of at least 60 payloads", () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60);
  });

  for (const [index, payload] of CORPUS.entries()) {
    it(`payload ${index + 1} leaves nothing a browser would run: ${payload.slice(0, 60)}`, () => {
      const out = sanitizeRichText(payload);
      expect(problems(out), out).toEqual([]);
      // Stable: sanitizing the output again changes nothing (no mutation on a second parse).
      expect(sanitizeRichText(out)).toBe(out);
      // And what the browser re-serializes from it is still safe (mXSS round trip).
      expect(problems(serialize(parseFragment(out))), out).toEqual([]);
    });
  }

  it("finds the problems it looks for (the checker itself can fail)", () => {
    expect(problems('<img src="x" onerror="alert(1)">')).toContain("handler onerror on <img>");
    expect(problems('<a href=" jav&#x09;ascript:alert(1)">x</a>')).toHaveLength(1);
    expect(problems("<svg></svg>")).toEqual(["element <svg>"]);
    expect(problems('<img src="http://example.org/a.png">')).toHaveLength(1);
    expect(problems('<p style="color:red">x</p>')).toHaveLength(1);
  });
});

describe("sanitizeRichText keeps what the editor makes", () => {
  const TIPTAP =
    '<h2 style="text-align: center">Kopje</h2><p>Een <strong>vet</strong>, <em>schuin</em>, <u>onderstreept</u> en <s>doorgehaald</s> woord, <code>code</code>.</p><ul><li><p>een</p></li><li><p>twee</p></li></ul><ol start="3"><li><p>drie</p></li></ol><blockquote><p>Citaat</p></blockquote><pre><code>regel</code></pre><hr /><p><img src="https://example.org/foto.jpg" alt="Een foto" width="640" height="360" /></p><h3>Sub</h3><h4>Subsub</h4><p>Bel <a href="tel:0525638200">0525-638200</a> of mail <a href="mailto:info@example.org">ons</a>.<br />Nieuwe regel.</p>';

  it("keeps a normal Tiptap document intact", () => {
    const out = sanitizeRichText(TIPTAP);
    expect(problems(out)).toEqual([]);
    const tags = (html: string) =>
      elements(parseFragment(html).childNodes as TNode[]).map((el) => el.tagName);
    expect(tags(out)).toEqual(tags(TIPTAP));
    expect(out).toContain('<h2 style="text-align:center">Kopje</h2>');
    expect(out).toContain('<ol start="3">');
    expect(out).toContain(
      '<img src="https://example.org/foto.jpg" alt="Een foto" width="640" height="360" />',
    );
    expect(out).toContain('<a href="tel:0525638200" rel="nofollow">0525-638200</a>');
    expect(richTextToPlain(out)).toContain("Een vet, schuin, onderstreept en doorgehaald woord");
  });

  it("keeps links to web addresses, marking external ones noopener", () => {
    expect(sanitizeRichText('<p><a href="https://example.org" target="_blank">x</a></p>')).toBe(
      '<p><a href="https://example.org" target="_blank" rel="noopener noreferrer nofollow">x</a></p>',
    );
    expect(sanitizeRichText('<p><a href="/vacancies/search">zoek</a></p>')).toBe(
      '<p><a href="/vacancies/search" rel="nofollow">zoek</a></p>',
    );
  });

  it("turns a level-one heading into level two and drops a link without an address", () => {
    expect(sanitizeRichText("<h1>Titel</h1><p><a>leeg</a></p>")).toBe("<h2>Titel</h2><p></p>");
  });
});
