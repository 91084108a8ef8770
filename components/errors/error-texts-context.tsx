"use client";

import { createContext, type ReactNode, useContext } from "react";
import type { ErrorKind } from "@/lib/errors/error-kind";

/** The error screens' texts in the page's language; `{code}` in codeSuffix is filled in. */
export type TErrorTexts = {
  screens: Record<ErrorKind, { title: string; description: string }>;
  codeSuffix: string;
  backHome: string;
};

const ErrorTextsContext = createContext<TErrorTexts | null>(null);

/**
 * Hands the error screens' texts, looked up on the server, to the error boundary of the
 * public pages (app/(public)/error.tsx), which has no next-intl in the browser there.
 */
export function ErrorTextsProvider({
  texts,
  children,
}: {
  texts: TErrorTexts;
  children: ReactNode;
}) {
  return <ErrorTextsContext.Provider value={texts}>{children}</ErrorTextsContext.Provider>;
}

export function useErrorTexts(): TErrorTexts | null {
  return useContext(ErrorTextsContext);
}
