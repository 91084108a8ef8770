"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId, useState, useSyncExternalStore } from "react";
import {
  PAGE_NUMBER_PARAM,
  PAGE_SIZE_PARAM,
  PAGE_SIZES,
  pageSizeQuery,
  parsePageSize,
} from "@/lib/pagination/page-size";
import { Button } from "./button";

export {
  DEFAULT_PAGE_SIZE,
  PAGE_NUMBER_PARAM,
  PAGE_SIZE_PARAM,
  PAGE_SIZES,
  pageSizeQuery,
  parsePageSize,
  type TPageSize,
} from "@/lib/pagination/page-size";

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
