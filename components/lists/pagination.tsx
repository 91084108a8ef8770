import Link from "next/link";
import { useTranslations } from "next-intl";
import { pageItems } from "@/lib/pagination/page-items";

type Props = {
  current: number;
  last: number;
  /** The href of page `page` of the same list. */
  hrefFor: (page: number) => string;
};

const linkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-shape px-3 py-2 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:bg-neutral-800 [&[aria-current]]:font-bold [&[aria-current]]:text-white";

/**
 * Links to the other pages of a list (`page[number]`), the current one aria-current. Not a
 * client component of its own, so the public pages render it on the server (readable
 * without JavaScript); inside a client list it is one.
 */
export function Pagination({ current, last, hrefFor }: Props) {
  const t = useTranslations("lists");
  if (last <= 1) return null;
  return (
    <nav aria-label={t("pagination")}>
      <ul className="flex flex-wrap items-center gap-1">
        {current > 1 ? (
          <li>
            <Link href={hrefFor(Math.min(current - 1, last))} className={linkClass}>
              {t("previous")}
            </Link>
          </li>
        ) : null}
        {pageItems(Math.min(current, last), last).map((item, index) =>
          item === "gap" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, told apart by place
            <li key={`gap-${index}`} aria-hidden="true" className="px-2 text-neutral-700">
              …
            </li>
          ) : (
            <li key={item}>
              <Link
                href={hrefFor(item)}
                aria-current={item === current ? "page" : undefined}
                aria-label={t("pageNumber", { page: item })}
                className={linkClass}
              >
                {item}
              </Link>
            </li>
          ),
        )}
        {current < last ? (
          <li>
            <Link href={hrefFor(current + 1)} className={linkClass}>
              {t("next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
