"use client";

import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

/** spec §8: 'Page not found: {path}'. not-found.tsx gets no params, so the path is read here. */
export function NotFoundPath() {
  const t = useTranslations("errors.notFound");
  const pathname = usePathname();
  if (!pathname) return null;
  return <p className="mt-2 break-all text-sm text-neutral-700">{t("path", { path: pathname })}</p>;
}
