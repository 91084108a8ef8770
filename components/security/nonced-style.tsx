"use client";

import { useState } from "react";

/**
 * A <style> element carrying the page's CSP nonce (docs/web-hardening.md). The nonce is the
 * one the document was served with, kept for the page's life: every later server render
 * (a client navigation, router.refresh after the design page saves) brings a new one, and
 * were the element to take it, the browser would check its new rules against a nonce the
 * document's policy does not name and refuse them. Only the rules follow the server.
 */
export function NoncedStyle({ css, nonce }: { css: string; nonce: string | undefined }) {
  const [documentNonce] = useState(nonce);
  return (
    <style
      nonce={documentNonce}
      // Our own constants (lib/theme/), no visitor input.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a stylesheet of fixed rules
      dangerouslySetInnerHTML={{ __html: css }}
    />
  );
}
