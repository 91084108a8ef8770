"use client";

import { useEffect, useState } from "react";
import { pendingAddress, type TPendingKind } from "@/lib/signup/pending-address";

/**
 * The address the sign-up just mailed (lib/signup/pending-address.ts). Read after mount:
 * the server renders without it, so the first client render must too.
 */
export function usePendingAddress(kind: TPendingKind): string | null {
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => setAddress(pendingAddress(kind)), [kind]);
  return address;
}
