"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { StartConversationForm } from "@/components/conversations/start-conversation-form";
import { Button } from "@/components/ui/button";
import type { Role } from "@/lib/auth/auth-state";
import { mayStartConversation } from "@/lib/conversations/may-start-conversation";
import { currentOrganizationsQuery } from "@/lib/organizations/current-organizations-query";
import { type TUserRecord, userDisplayName } from "@/lib/users/user-types";

type Props = {
  user: TUserRecord;
  viewer: { id: string | null; roles: readonly Role[] };
};

/**
 * "Send a message" on /users/:id, for a volunteer centre's admins and members
 * (lib/conversations/may-start-conversation.ts), not on one's own record. The form opens
 * from a button, so the page does not greet every visit with an empty form.
 */
export function UserMessageSection({ user, viewer }: Props) {
  const t = useTranslations("conversations.start");
  // Which of the viewer's organizations are centres: current_organizations has their type.
  const organizations = useQuery(currentOrganizationsQuery());
  const [open, setOpen] = useState(false);
  const cancelled = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    // Cancelled: focus goes back to the button that opened the form (WCAG 2.4.3).
    if (!open && cancelled.current) buttonRef.current?.focus();
  }, [open]);

  if (!mayStartConversation(viewer, organizations.data ?? [], user)) return null;
  const name = userDisplayName(user);
  return (
    <section aria-labelledby="user-message" className="flex flex-col gap-3">
      <h2 id="user-message" className="font-bold text-xl">
        {t("heading")}
      </h2>
      <p className="max-w-2xl">{t("intro", { name })}</p>
      {open ? (
        <StartConversationForm
          volunteer={{ id: String(user.id), name }}
          onCancel={() => {
            cancelled.current = true;
            setOpen(false);
          }}
        />
      ) : (
        <div>
          <Button ref={buttonRef} onClick={() => setOpen(true)}>
            {t("open")}
          </Button>
        </div>
      )}
    </section>
  );
}
