"use client";

import { useTranslations } from "next-intl";
import { useId, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/text-field";
import { DEFAULT_TOAST_DURATION } from "@/lib/toasts/toast-store";
import {
  isToastPosition,
  TOAST_COLORS,
  TOAST_POSITIONS,
  type ToastColor,
  type ToastPosition,
} from "@/lib/toasts/toast-types";
import { useToast } from "@/lib/toasts/use-toast";

const subscribeNothing = () => () => {};

/** The controls of /test/toaster: a button per colour, duration, close button, position. */
export function ToasterPlayground() {
  const t = useTranslations("toasts.playground");
  const { toast, position, setPosition } = useToast();
  const [duration, setDuration] = useState(String(DEFAULT_TOAST_DURATION));
  const [closable, setClosable] = useState(true);
  const closableId = useId();
  const positionId = useId();
  // false on the server and while hydrating: the controls do nothing without React, so they
  // are disabled until it runs (and a test cannot click one too early).
  const hydrated = useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );

  const buttons: Record<ToastColor, string> = {
    primary: t("show.primary"),
    success: t("show.success"),
    danger: t("show.danger"),
    warning: t("show.warning"),
    info: t("show.info"),
    muted: t("show.muted"),
  };
  const samples: Record<ToastColor, { title: string; message: string }> = {
    primary: { title: t("samples.primary.title"), message: t("samples.primary.message") },
    success: { title: t("samples.success.title"), message: t("samples.success.message") },
    danger: { title: t("samples.danger.title"), message: t("samples.danger.message") },
    warning: { title: t("samples.warning.title"), message: t("samples.warning.message") },
    info: { title: t("samples.info.title"), message: t("samples.info.message") },
    muted: { title: t("samples.muted.title"), message: t("samples.muted.message") },
  };
  const positions: Record<ToastPosition, string> = {
    "top-left": t("positions.topLeft"),
    "top-center": t("positions.topCenter"),
    "top-right": t("positions.topRight"),
    "bottom-left": t("positions.bottomLeft"),
    "bottom-center": t("positions.bottomCenter"),
    "bottom-right": t("positions.bottomRight"),
  };

  const show = (color: ToastColor) => {
    const ms = Number(duration);
    toast.add({
      ...samples[color],
      color,
      // An empty or unreadable field means the default, not "forever".
      duration: duration.trim() !== "" && Number.isFinite(ms) ? ms : DEFAULT_TOAST_DURATION,
      closable,
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label={t("duration")}
          hint={t("durationHint")}
          type="number"
          step={100}
          disabled={!hydrated}
          value={duration}
          onChange={(event) => setDuration(event.target.value)}
        />
        <div className="flex flex-col gap-1">
          <label htmlFor={positionId} className="font-medium text-neutral-900">
            {t("position")}
          </label>
          <select
            id={positionId}
            value={position}
            disabled={!hydrated}
            onChange={(event) => {
              if (isToastPosition(event.target.value)) setPosition(event.target.value);
            }}
            className="rounded-shape border-2 border-neutral-500 bg-white px-3 py-2 text-base text-neutral-900"
          >
            {TOAST_POSITIONS.map((value) => (
              <option key={value} value={value}>
                {positions[value]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="flex items-center gap-2">
        <input
          id={closableId}
          type="checkbox"
          checked={closable}
          disabled={!hydrated}
          onChange={(event) => setClosable(event.target.checked)}
          className="size-5 accent-primary-700"
        />
        <label htmlFor={closableId} className="font-medium text-neutral-900">
          {t("closable")}
        </label>
      </div>
      <fieldset>
        <legend className="mb-3 font-semibold text-neutral-900">{t("showLegend")}</legend>
        <div className="flex flex-wrap gap-3">
          {TOAST_COLORS.map((color) => (
            <Button key={color} disabled={!hydrated} onClick={() => show(color)}>
              {buttons[color]}
            </Button>
          ))}
          <Button variant="outline" disabled={!hydrated} onClick={toast.clear}>
            {t("clear")}
          </Button>
        </div>
      </fieldset>
    </div>
  );
}
