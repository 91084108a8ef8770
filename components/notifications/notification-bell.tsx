"use client";

import { useTranslations } from "next-intl";
import { useId, useRef } from "react";
import { toolbarButtonClass } from "@/components/layout/toolbar-styles";
import { useDisclosure } from "@/components/layout/use-disclosure";
import { useKeepOnScreen } from "@/components/layout/use-keep-on-screen";
import { Icon } from "@/components/ui/icon";
import { useAuth } from "@/lib/auth/use-auth";
import { useUnreadCount } from "@/lib/notifications/use-unread-count";
import { NotificationPanel } from "./notification-panel";

/** The badge shows at most this number, then "99+"; the accessible name keeps the real count. */
export const BADGE_MAX = 99;

export function badgeText(count: number): string {
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

// Wider than the other toolbar panels (titles and a line of body), never wider than the screen.
const panelClass =
  "absolute top-full right-0 z-30 mt-2 w-88 max-w-[calc(100vw-1rem)] rounded-shape border border-neutral-300 bg-white p-2 shadow-lg";

function SignedInBell() {
  const t = useTranslations("notifications");
  const count = useUnreadCount();
  const { open, close, panelId, buttonProps, containerProps } = useDisclosure<HTMLDivElement>();
  const panelRef = useRef<HTMLDivElement>(null);
  const headingId = useId();
  useKeepOnScreen(panelRef, open);

  return (
    <div className="relative" {...containerProps}>
      <button {...buttonProps} className={`${toolbarButtonClass} relative`}>
        <Icon name="bell" size="1.25em" />
        {/* "Meldingen, 3 ongelezen": the count is in the name; the badge is only its picture. */}
        <span className="sr-only">{t("bell.label", { count: count ?? 0 })}</span>
        {count ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-0.5 right-0 min-w-5 rounded-full bg-danger-700 px-1 text-center text-xs leading-5 font-bold text-white"
          >
            {badgeText(count)}
          </span>
        ) : null}
      </button>
      <div id={panelId} ref={panelRef} hidden={!open} className={panelClass}>
        {/* Rendered only while open: nothing to load or announce behind a closed panel. */}
        {open ? <NotificationPanel headingId={headingId} close={close} /> : null}
      </div>
    </div>
  );
}

/**
 * spec §2 toolbar "notifications", for signed-in users only: a bell whose name says the
 * unread count, and a disclosure panel (docs/shell.md) with the latest five.
 */
export function NotificationBell() {
  const { status } = useAuth();
  if (status !== "SIGNED_IN") return null;
  return <SignedInBell />;
}
