"use client";

import { useTranslations } from "next-intl";

/** A toolbar panel's content while its data loads (announced politely). */
export function PanelLoading() {
  const t = useTranslations("common");
  return (
    <p role="status" className="px-3 py-2 text-neutral-800">
      {t("loading")}
    </p>
  );
}

/** A toolbar panel's content when its data could not be loaded, with a way to try again. */
export function PanelLoadFailed({
  message,
  retryLabel,
  retryClassName,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  retryClassName: string;
  onRetry: () => void;
}) {
  return (
    <div role="alert" className="flex flex-col items-start gap-1 px-3 py-2">
      <p className="text-danger-800">{message}</p>
      <button type="button" className={retryClassName} onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
