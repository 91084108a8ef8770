"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useContext, useSyncExternalStore } from "react";
import { api } from "@/lib/api";
import { signIn as signInAction, signOut as signOutAction } from "./auth-actions";
import { InitialSignedInContext } from "./auth-context";
import { type AuthSnapshot, authState, type CurrentUser, serverAuthSnapshot } from "./auth-state";

export interface UseAuth extends AuthSnapshot {
  signIn: (email: string, password: string) => Promise<CurrentUser>;
  signOut: () => Promise<void>;
}

export function useAuth(): UseAuth {
  const initialSignedIn = useContext(InitialSignedInContext);
  if (initialSignedIn === null) throw new Error("useAuth() needs an <AuthProvider> above it");
  const snapshot = useSyncExternalStore(authState.subscribe, authState.getSnapshot, () =>
    serverAuthSnapshot(initialSignedIn),
  );
  const queryClient = useQueryClient();
  const signIn = useCallback(
    (email: string, password: string) =>
      signInAction({ client: api, queryClient }, email, password),
    [queryClient],
  );
  const signOut = useCallback(() => signOutAction({ client: api, queryClient }), [queryClient]);
  return { ...snapshot, signIn, signOut };
}
