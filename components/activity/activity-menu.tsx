"use client";

import { useTranslations } from "next-intl";
import { useId, useRef } from "react";
import { toolbarButtonClass } from "@/components/layout/toolbar-styles";
import { useDisclosure } from "@/components/layout/use-disclosure";
import { useKeepOnScreen } from "@/components/layout/use-keep-on-screen";
import { Icon } from "@/components/ui/icon";
import { useAuth } from "@/lib/auth/use-auth";
import { ActivityPanel } from "./activity-panel";

// Wider than the account and language panels (sentences with a browser name), never wider
// than the screen.
const panelClass =
  "absolute top-full right-0 z-30 mt-2 w-80 max-w-[calc(100vw-1rem)] rounded-shape border border-neutral-300 bg-white p-2 shadow-lg";

function SignedInActivityMenu() {
  const t = useTranslations("activity");
  const { open, close, panelId, buttonProps, containerProps } = useDisclosure<HTMLDivElement>();
  const panelRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useKeepOnScreen(panelRef, open);

  return (
    <div className="relative" {...containerProps}>
      <button {...buttonProps} className={toolbarButtonClass}>
        <Icon name="clock" size="1.25em" />
        {/* The text is the button's name; below md only screen readers get it. */}
        <span className="sr-only md:not-sr-only">{t("button")}</span>
      </button>
      <div id={panelId} ref={panelRef} hidden={!open} className={panelClass}>
        {/* Rendered only while open: the events are asked for when someone looks. */}
        {open ? <ActivityPanel headingId={headingId} close={close} /> : null}
      </div>
    </div>
  );
}

/**
 * spec §2 toolbar "activity" with its panel (docs/shell.md, Activity): the signed-in
 * user's own recent account events, like a security log. Nothing for signed-out visitors.
 */
export function ActivityMenu() {
  const { status } = useAuth();
  if (status !== "SIGNED_IN") return null;
  return <SignedInActivityMenu />;
}
