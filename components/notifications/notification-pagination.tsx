"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { pageHref, pageItems } from "@/lib/notifications/list-params";

type Props = {
  searchParams: URLSearchParams;
  current: number;
  last: number;
};

const linkClass =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-shape px-3 py-2 font-medium text-neutral-900 no-underline hover:bg-neutral-100 hover:text-neutral-900 [&[aria-current]]:bg-neutral-800 [&[aria-current]]:font-bold [&[aria-current]]:text-white";

/** Links to the other pages of the list (`page[number]`), the current one aria-current. */
export function NotificationPagination({ searchParams, current, last }: Props) {
  const t = useTranslations("notifications.list");
  if (last <= 1) return null;
  return (
    <nav aria-label={t("pagination")}>
      <ul className="flex flex-wrap items-center gap-1">
        {current > 1 ? (
          <li>
            <Link href={pageHref(searchParams, Math.min(current - 1, last))} className={linkClass}>
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
                href={pageHref(searchParams, item)}
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
            <Link href={pageHref(searchParams, current + 1)} className={linkClass}>
              {t("next")}
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
