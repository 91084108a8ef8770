"use client";

import { usePathname, useSearchParams } from "next/navigation";
import { useEffect, useRef } from "react";

/**
 * spec §2/§4: the error screen clears on any route change. Next resets an error boundary
 * when the pathname changes, not when only the query does (/test/server-error?status=500 →
 * /test/server-error keeps the boundary of the 'test' segment), so this resets it then too.
 */
export function useResetOnNavigation(reset: () => void): void {
  const pathname = usePathname();
  const search = useSearchParams()?.toString() ?? "";
  const location = `${pathname}?${search}`;
  const shownAt = useRef(location);
  useEffect(() => {
    if (location !== shownAt.current) reset();
  }, [location, reset]);
}
