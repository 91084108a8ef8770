"use client";
import { useEffect, useState } from "react";
import { loadIcon } from "./load-icon";

/**
 * The CSS mask image (`url("data:…")`) for /icons/<name>.svg once it has loaded; null
 * before that and when it fails. Null on the server and in the first browser render
 * too, so hydration sees the same empty box.
 */
export function useIconMask(name: string): string | null {
  const [loaded, setLoaded] = useState<{ name: string; mask: string | null } | null>(null);
  useEffect(() => {
    let current = true;
    void loadIcon(name).then((url) => {
      if (current) setLoaded({ name, mask: url ? `url("${url}")` : null });
    });
    return () => {
      current = false;
    };
  }, [name]);
  return loaded?.name === name ? loaded.mask : null;
}
