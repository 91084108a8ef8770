"use client";

import { useEffect } from "react";
import { useErrorTexts } from "@/components/errors/error-texts-context";
import { useResetOnNavigation } from "@/components/errors/use-reset-on-navigation";
import { buttonClassName } from "@/components/ui/button-class";
import { classifyError } from "@/lib/errors/error-kind";
import { reportError } from "@/lib/errors/report";

type Props = { error: unknown; reset: () => void };

/**
 * spec §4: the error screen for an error caught while rendering a page of app/(public) or
 * app/(landing) (their error.tsx), with the texts of spec §8 handed down by the layout (no
 * next-intl in the browser there). It clears on any navigation and reports the error, as
 * app/(site)/error.tsx does.
 */
export function PublicErrorBoundary({ error, reset }: Props) {
  useResetOnNavigation(reset);
  useEffect(() => {
    reportError(error, { source: "error-boundary" });
  }, [error]);
  const texts = useErrorTexts();
  if (!texts) return null;
  const { kind, code } = classifyError(error);
  const screen = texts.screens[kind];
  const suffix =
    kind === "generic" && code !== undefined
      ? texts.codeSuffix.replace("{code}", String(code))
      : "";
  return (
    <section className="mx-auto max-w-2xl py-12 text-center">
      <h1 className="text-3xl font-bold text-neutral-900">{`${screen.title}${suffix}`}</h1>
      <p className="mt-4 text-lg text-neutral-700">{screen.description}</p>
      <div className="mt-8">
        {/* A plain link: a full page load starts the page anew. */}
        <a href="/" className={buttonClassName()}>
          {texts.backHome}
        </a>
      </div>
    </section>
  );
}
