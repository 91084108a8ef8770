"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, useSyncExternalStore } from "react";
import { Button } from "./button";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export type TPageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: TPageSize = 25;

/** JSON:API pagination parameters (api-contract: page[number], page[size]). */
export const PAGE_SIZE_PARAM = "page[size]";
export const PAGE_NUMBER_PARAM = "page[number]";

/** The page size a query asks for, or the default when it names none of ours. */
export function parsePageSize(value: string | null | undefined): TPageSize {
  const size = Number(value);
  return PAGE_SIZES.find((allowed) => allowed === size) ?? DEFAULT_PAGE_SIZE;
}

/** The query for `size`: other parameters kept, back to page 1 (the old page may not exist). */
export function pageSizeQuery(current: URLSearchParams | string, size: TPageSize): string {
  const params = new URLSearchParams(current);
  params.set(PAGE_NUMBER_PARAM, "1");
  params.set(PAGE_SIZE_PARAM, String(size));
  return params.toString();
}

const subscribeNothing = () => () => {};

/**
 * spec §2 per-page selector. With JavaScript a change navigates at once (focus stays on
 * the select; the list below changes, the page does not). Without it, it is a plain GET
 * form with a submit button that carries the other query parameters along.
 *
 * Reads the URL with useSearchParams: on a statically rendered page put it inside <Suspense>.
 */
export function PerPageSelect({ className = "" }: { className?: string }) {
  const t = useTranslations("layout.perPage");
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const id = useId();
  // false on the server and while hydrating, true after: the submit button is for no-JS only.
  const enhanced = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

  const fromUrl = parsePageSize(searchParams.get(PAGE_SIZE_PARAM));
  // The choice shows at once, before the navigation it starts has finished.
  const [chosen, setChosen] = useState({ fromUrl, value: fromUrl });
  if (chosen.fromUrl !== fromUrl) setChosen({ fromUrl, value: fromUrl });

  const kept = [...searchParams.entries()].filter(
    ([key]) => key !== PAGE_SIZE_PARAM && key !== PAGE_NUMBER_PARAM,
  );

  return (
    <form
      method="get"
      action={pathname}
      className={`flex flex-wrap items-center gap-2 ${className}`.trim()}
      onSubmit={(event) => {
        event.preventDefault();
        router.push(`${pathname}?${pageSizeQuery(searchParams.toString(), chosen.value)}`, {
          scroll: false,
        });
      }}
    >
      {kept.map(([key, value], index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a parameter may repeat; position is its identity
        <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
      ))}
      <input type="hidden" name={PAGE_NUMBER_PARAM} value="1" />
      <label htmlFor={id} className="font-medium text-neutral-900">
        {t("label")}
      </label>
      <select
        id={id}
        name={PAGE_SIZE_PARAM}
        value={chosen.value}
        onChange={(event) => {
          const size = parsePageSize(event.target.value);
          setChosen({ fromUrl, value: size });
          router.push(`${pathname}?${pageSizeQuery(searchParams.toString(), size)}`, {
            scroll: false,
          });
        }}
        className="min-h-11 rounded-shape border-2 border-neutral-500 bg-white px-3 py-2 text-base text-neutral-900"
      >
        {PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      {enhanced ? null : (
        <Button type="submit" size="sm" variant="outline">
          {t("submit")}
        </Button>
      )}
    </form>
  );
}
