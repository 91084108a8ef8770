"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { toolbarButtonClass } from "@/components/layout/toolbar-styles";
import { badgeText } from "@/components/notifications/notification-bell";
import { Icon } from "@/components/ui/icon";
import { useAuth } from "@/lib/auth/use-auth";
import { CONVERSATIONS_PATH } from "@/lib/conversations/conversations-url";
import { useConversationUnreadCount } from "@/lib/conversations/use-conversation-unread-count";

function SignedInLink() {
  const t = useTranslations("conversations");
  const count = useConversationUnreadCount();
  return (
    <Link href={CONVERSATIONS_PATH} className={`${toolbarButtonClass} relative`}>
      <Icon name="message" size="1.25em" />
      {/* "Gesprekken, 3 ongelezen": the count is in the name; the badge is only its picture. */}
      <span className="sr-only">{t("toolbar.label", { count: count ?? 0 })}</span>
      {count ? (
        <span
          aria-hidden="true"
          data-testid="conversation-badge"
          className="absolute top-0.5 right-0 min-w-5 rounded-full bg-danger-700 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {badgeText(count)}
        </span>
      ) : null}
    </Link>
  );
}

/**
 * The toolbar's way to the conversations, beside the notification bell, for signed-in users
 * only: a link whose name says the unread messages, polled while the tab is visible.
 */
export function ConversationsLink() {
  const { status } = useAuth();
  if (status !== "SIGNED_IN") return null;
  return <SignedInLink />;
}
