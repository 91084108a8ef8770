import Link from "next/link";
import { useTranslations } from "next-intl";
import type { BreadcrumbList, WithContext } from "schema-dts";
import { JsonLd } from "@/components/seo/json-ld";

export type TCrumb = { label: string; href?: string };

type Props = {
  /** From the home page down to the current page; the last one is the page itself. */
  items: TCrumb[];
  /** The site's origin, for the JSON-LD's absolute URLs (lib/seo/site-origin.ts). */
  origin: string;
};

/**
 * The trail above a public page (WAI-ARIA breadcrumb pattern: a labelled nav, an ordered
 * list, the current page marked aria-current) with its schema.org BreadcrumbList.
 */
export function Breadcrumb({ items, origin }: Props) {
  const t = useTranslations("publicPages");
  const data: WithContext<BreadcrumbList> = {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: item.label,
      ...(item.href ? { item: new URL(item.href, `${origin}/`).toString() } : {}),
    })),
  };
  return (
    <nav aria-label={t("breadcrumb")} className="mb-4 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-neutral-800">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <li key={item.href ?? item.label} className="flex items-center gap-2">
              {index > 0 ? (
                <span aria-hidden="true" className="text-neutral-700">
                  /
                </span>
              ) : null}
              {last || !item.href ? (
                <span aria-current={last ? "page" : undefined} className="font-semibold">
                  {item.label}
                </span>
              ) : (
                <Link href={item.href} className="inline-block py-1">
                  {item.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
      <JsonLd data={data} />
    </nav>
  );
}
