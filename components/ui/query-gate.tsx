"use client";

import type { ReactNode } from "react";
import { ErrorScreen } from "@/components/errors/error-screen";
import { ListEmpty, ListLoadFailed, ListLoading } from "@/components/lists/list-states";
import { classifyError } from "@/lib/errors/error-kind";

/**
 * What the gate reads of a query: a react-query result fits, and so does anything shaped
 * like one (several queries together, a query needed only sometimes).
 */
export type TGateQuery<T> = { data: T | undefined; error: unknown; refetch: () => unknown };

/**
 * Several queries as one for the gate: their data together once all have it, the first
 * error, and "Try again" refetching each.
 */
export function allOf<A, B>(a: TGateQuery<A>, b: TGateQuery<B>): TGateQuery<[A, B]> {
  return {
    data: a.data !== undefined && b.data !== undefined ? [a.data, b.data] : undefined,
    error: a.error ?? b.error,
    refetch: () => Promise.all([a.refetch(), b.refetch()]),
  };
}

type Props<T> = {
  query: TGateQuery<T>;
  /** What failed to load, for the message above "Try again". */
  failed: string;
  /**
   * The api's 401, 403 and 404 as the error screens of spec §8 (a page's own record:
   * another tenant's or a forbidden one). Off: every failure offers "Try again".
   */
  errorScreens?: boolean;
  /**
   * A failure the page answers its own way (an invitation that is no longer valid is not
   * something to try again); undefined for the gate's own answer.
   */
  refused?: (error: unknown) => ReactNode | undefined;
  /** Shown while loading instead of the default "Loading…". */
  loading?: ReactNode;
  /**
   * The failure in the place's own form (a toolbar panel's compact one) instead of the
   * default block: what failed, and "Try again".
   */
  failure?: (message: string, retry: () => void) => ReactNode;
  /** When the data counts as empty, and what to say then (with what to do about it). */
  empty?: { when: (data: T) => boolean; children: ReactNode };
  children: (data: T) => ReactNode;
  /**
   * The page around whatever the gate shows (its title): every state but spec §8's error
   * screens, which replace the page with their own.
   */
  frame?: (state: ReactNode) => ReactNode;
};

/**
 * The one gate in front of what a query loads (docs/forms-and-data.md): loading, failure
 * with a way to try again, the empty state, and only then the data. Data already loaded
 * stays on screen while it refreshes, and also when a refresh fails.
 */
export function QueryGate<T>({
  query,
  failed,
  errorScreens = false,
  refused,
  loading,
  failure,
  empty,
  children,
  frame = (state) => state,
}: Props<T>) {
  if (query.data !== undefined) {
    if (empty?.when(query.data)) return <>{frame(<ListEmpty>{empty.children}</ListEmpty>)}</>;
    return <>{frame(children(query.data))}</>;
  }
  if (query.error) {
    const own = refused?.(query.error);
    if (own !== undefined) return <>{frame(own)}</>;
    if (errorScreens) {
      const { kind, code } = classifyError(query.error);
      if (kind !== "generic") return <ErrorScreen kind={kind} code={code} />;
    }
    const retry = () => void query.refetch();
    return (
      <>
        {frame(
          failure ? failure(failed, retry) : <ListLoadFailed message={failed} onRetry={retry} />,
        )}
      </>
    );
  }
  return <>{frame(loading ?? <ListLoading />)}</>;
}
