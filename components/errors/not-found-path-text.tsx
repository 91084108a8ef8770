"use client";

import { usePathname } from "next/navigation";

/**
 * spec §8: 'Page not found: {path}', from a template with `{path}` looked up on the server
 * (not-found.tsx gets no params, so the path is read here), without next-intl in the browser.
 */
export function NotFoundPathText({ template }: { template: string }) {
  const pathname = usePathname();
  if (!pathname) return null;
  return (
    <p className="mt-2 break-all text-sm text-neutral-700">
      {template.replace("{path}", pathname)}
    </p>
  );
}
