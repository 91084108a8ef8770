"use client";

import { useTranslations } from "next-intl";
import { useSyncExternalStore } from "react";
import { apiErrorForCase, type TTestErrorCase } from "@/lib/errors/test-error-cases";

const noSubscription = () => () => {};

/**
 * Throws the case's ApiError while rendering in the browser, as a component whose data
 * failed to load would; on the server it renders a placeholder, so the page itself answers
 * 200 and only the (site) error boundary in the browser shows the screen.
 */
export function ThrowInBrowser({ testCase }: { testCase: TTestErrorCase }) {
  const t = useTranslations("errors.testPage");
  const inBrowser = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  if (inBrowser) throw apiErrorForCase(testCase);
  return <p className="text-neutral-700">{t("raising")}</p>;
}
