import "server-only";
import { sanitizeRichText } from "@/lib/rich-text/sanitize";

type Props = { html: string | null | undefined; className?: string; lang?: string };

/**
 * Rich text from the api, sanitized on the server right before render (ARCHITECTURE
 * decision 8: the api sanitizes before it stores, this is the second wall), so no
 * JavaScript ships for it and nothing the api returns can run in the page.
 */
export function RichText({ html, className, lang }: Props) {
  const safe = sanitizeRichText(html);
  if (!safe) return null;
  return (
    <div
      lang={lang}
      className={`prose-content ${className ?? ""}`.trim()}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by sanitizeRichText just above
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
