"use client";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type ReactNode, useEffect, useState, useSyncExternalStore } from "react";
import { isApiError } from "@/lib/api/errors";
import { userKeys } from "@/lib/api/query-keys";
import { InitialSignedInContext } from "@/lib/auth/auth-context";
import { authState, serverAuthSnapshot } from "@/lib/auth/auth-state";
import { currentUserQuery } from "@/lib/auth/current-user-query";

/**
 * Holds the spec §4 auth state for the browser. `initialSignedIn` is the server's view
 * of the session cookie; while signed in the current user and roles are loaded here.
 * Needs QueryProvider above it.
 */
export function AuthProvider({
  initialSignedIn,
  children,
}: {
  initialSignedIn: boolean;
  children: ReactNode;
}) {
  // Once, before anything subscribes. Never on the server: the store is per browser.
  useState(() => {
    if (typeof window !== "undefined") authState.hydrate(initialSignedIn);
  });
  const { status } = useSyncExternalStore(authState.subscribe, authState.getSnapshot, () =>
    serverAuthSnapshot(initialSignedIn),
  );
  const router = useRouter();
  const queryClient = useQueryClient();
  const currentUser = useQuery({ ...currentUserQuery(), enabled: status === "SIGNED_IN" });

  useEffect(() => {
    // Only while signed in: cached data must not sign a signed-out app back in.
    if (status === "SIGNED_IN" && currentUser.data) {
      authState.signedIn(currentUser.data, currentUser.data.roles ?? []);
    }
  }, [status, currentUser.data]);

  useEffect(() => {
    // spec §8: a 401 on the current user clears the user and goes to /uitloggen.
    if (isApiError(currentUser.error) && currentUser.error.statusCode === 401) {
      authState.signedOut();
      queryClient.removeQueries({ queryKey: userKeys.current() });
      router.replace("/uitloggen");
    }
  }, [currentUser.error, queryClient, router]);

  return (
    <InitialSignedInContext.Provider value={initialSignedIn}>
      {children}
    </InitialSignedInContext.Provider>
  );
}
