import type { Thing, WithContext } from "schema-dts";

type Props = { data: WithContext<Thing> | WithContext<Thing>[] };

/**
 * schema.org JSON-LD for search engines (docs/seo.md). `<` is escaped so a title such as
 * "</script><script>…" cannot end the script element: the data is the api's, untrusted.
 */
export function JsonLd({ data }: Props) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with '<' escaped, see above
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
