"use client";

import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { ListTable, useListPage } from "@/components/lists/list-table";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PageTitle } from "@/components/ui/page-title";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import {
  CONTACT_LIST,
  changeContactMessage,
  contactListQuery,
  contactMessagesQuery,
  deleteContactMessage,
  type TContactMessage,
  type TContactState,
} from "@/lib/contact/contact-api";
import { contactKeys } from "@/lib/contact/contact-keys";

/**
 * /contactformulier/berichten: the messages sent to the centres the user administers
 * (superadmins: the tenant's), newest first (docs/contact-form.md). Opening one marks it
 * read; it can be marked handled, unread again, answered by mail and deleted. State, subject
 * search, order and page live in the URL.
 */
export function ContactMessages() {
  return <StaffGate allow={centreStaff}>{() => <ContactMessagesBody />}</StaffGate>;
}

type TContactT = ReturnType<typeof useTranslations<"contact">>;

function stateOf(message: TContactMessage): TContactState {
  if (message.handledAt) return "handled";
  return message.readAt ? "open" : "unread";
}

// One literal key per case, so the message check sees every text.
function stateLabel(t: TContactT, state: TContactState): string {
  switch (state) {
    case "unread":
      return t("messages.states.unread");
    case "open":
      return t("messages.states.open");
    case "handled":
      return t("messages.states.handled");
  }
}

const STATE_BADGE: Record<TContactState, string> = {
  unread: "bg-sky-100 text-sky-900",
  open: "bg-neutral-100 text-neutral-900",
  handled: "bg-emerald-100 text-emerald-900",
};

function ContactMessagesBody() {
  const t = useTranslations("contact");
  const list = useListPage(CONTACT_LIST);
  const query = useQuery(contactMessagesQuery(contactListQuery(list.state)));
  const [openId, setOpenId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<TContactMessage | null>(null);
  const open = query.data?.rows.find((m) => m.id === openId) ?? null;
  const markRead = useApiMutation({
    mutationFn: (message: TContactMessage) => changeContactMessage(api, message.id, { read: true }),
    invalidates: [contactKeys.lists()],
    audited: false,
  });
  const show = (message: TContactMessage) => {
    setOpenId(message.id);
    if (!message.readAt && !markRead.isPending) markRead.mutate(message);
  };
  return (
    <>
      <ListTable
        list={list}
        title={<PageTitle description={t("messages.description")}>{t("messages.title")}</PageTitle>}
        searchLabel={t("messages.search")}
        selects={[
          {
            name: "state",
            label: t("messages.state"),
            anyLabel: t("messages.anyState"),
            options: CONTACT_LIST.filters.state.map((value) => ({
              value,
              label: stateLabel(t, value),
            })),
          },
        ]}
        query={query}
        texts={{
          loadFailed: t("messages.loadFailed"),
          empty: t("messages.empty"),
          noMatches: t("messages.noMatches"),
          outOfRange: t("messages.outOfRange"),
          firstPage: t("messages.firstPage"),
          tableLabel: t("messages.tableLabel"),
          caption: (count: number) => t("messages.caption", { count }),
        }}
        columns={[
          { key: "subject", label: t("messages.columns.subject"), sort: "subject" },
          { key: "name", label: t("messages.columns.from"), sort: "name" },
          { key: "state", label: t("messages.columns.state") },
          { key: "created_at", label: t("messages.columns.received"), sort: "created_at" },
          { key: "actions", label: t("messages.columns.actions"), hideLabel: true },
        ]}
        row={(message) => (
          <MessageRow key={message.id} message={message} onOpen={show} onDelete={setRemoving} />
        )}
      />
      {open ? (
        <MessageDetail message={open} onClose={() => setOpenId(null)} onDelete={setRemoving} />
      ) : null}
      <DeleteDialog
        message={removing}
        onDone={(deleted) => {
          if (deleted && removing?.id === openId) setOpenId(null);
          setRemoving(null);
        }}
      />
    </>
  );
}

function When({ iso }: { iso: string }) {
  const format = useFormatter();
  return (
    <time dateTime={iso}>
      {format.dateTime(new Date(iso), { dateStyle: "medium", timeStyle: "short" })}
    </time>
  );
}

function MessageRow({
  message,
  onOpen,
  onDelete,
}: {
  message: TContactMessage;
  onOpen: (message: TContactMessage) => void;
  onDelete: (message: TContactMessage) => void;
}) {
  const t = useTranslations("contact");
  const state = stateOf(message);
  return (
    <tr className="border-b border-neutral-200 align-top">
      <th scope="row" className={`px-3 py-2 ${state === "unread" ? "font-bold" : "font-medium"}`}>
        {message.subject}
      </th>
      <td className="px-3 py-2">
        {message.name}
        <span className="block text-sm text-neutral-700">{message.email}</span>
      </td>
      <td className="px-3 py-2">
        <span
          className={`inline-block rounded px-2 py-0.5 text-sm font-medium ${STATE_BADGE[state]}`}
        >
          {stateLabel(t, state)}
        </span>
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        <When iso={message.createdAt} />
      </td>
      <td className="px-3 py-2">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => onOpen(message)}>
            {t("messages.open")}
            <span className="sr-only"> {message.subject}</span>
          </Button>
          <Button size="sm" variant="outline" onClick={() => onDelete(message)}>
            {t("messages.delete.button")}
            <span className="sr-only"> {message.subject}</span>
          </Button>
        </div>
      </td>
    </tr>
  );
}

function MessageDetail({
  message,
  onClose,
  onDelete,
}: {
  message: TContactMessage;
  onClose: () => void;
  onDelete: (message: TContactMessage) => void;
}) {
  const t = useTranslations("contact");
  const heading = useRef<HTMLHeadingElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when another message opens
  useEffect(() => heading.current?.focus(), [message.id]);
  const handled = message.handledAt !== null;
  const change = useApiMutation({
    mutationFn: (changes: { read?: boolean; handled?: boolean }) =>
      changeContactMessage(api, message.id, changes),
    invalidates: [contactKeys.lists()],
    audited: true,
    success: (changes) =>
      changes.handled === true
        ? t("messages.handledDone")
        : changes.handled === false
          ? t("messages.reopenedDone")
          : t("messages.unreadDone"),
    failure: () => t("messages.changeFailed"),
  });
  const reply = `mailto:${message.email}?${new URLSearchParams({
    subject: `Re: ${message.subject}`,
  })
    .toString()
    .replace(/\+/g, "%20")}`;
  return (
    <section
      aria-labelledby="contact-message-detail"
      className="mt-6 flex flex-col gap-3 rounded-shape border-2 border-neutral-300 bg-white p-4"
    >
      <h2 id="contact-message-detail" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {message.subject}
      </h2>
      <dl className="grid gap-1 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">{t("messages.columns.from")}</dt>
        <dd>
          {message.name} ({message.email})
        </dd>
        <dt className="font-medium">{t("messages.columns.received")}</dt>
        <dd>
          <When iso={message.createdAt} />
        </dd>
        <dt className="font-medium">{t("messages.columns.state")}</dt>
        <dd>{stateLabel(t, stateOf(message))}</dd>
      </dl>
      <p className="whitespace-pre-line">{message.body}</p>
      <div className="flex flex-wrap gap-2">
        <a
          href={reply}
          className="inline-flex min-h-11 items-center rounded-shape border-2 border-neutral-800 px-4 font-medium"
        >
          {t("messages.reply")}
        </a>
        <Button
          variant="outline"
          onClick={() => {
            if (!change.isPending) change.mutate({ handled: !handled });
          }}
        >
          {handled ? t("messages.reopen") : t("messages.markHandled")}
        </Button>
        {handled ? null : (
          <Button
            variant="outline"
            onClick={() => {
              if (!change.isPending) change.mutate({ read: false });
            }}
          >
            {t("messages.markUnread")}
          </Button>
        )}
        <Button variant="outline" onClick={() => onDelete(message)}>
          {t("messages.delete.button")}
        </Button>
        <Button variant="outline" onClick={onClose}>
          {t("messages.close")}
        </Button>
      </div>
    </section>
  );
}

function DeleteDialog({
  message,
  onDone,
}: {
  message: TContactMessage | null;
  onDone: (deleted: boolean) => void;
}) {
  const t = useTranslations("contact.messages.delete");
  const tCommon = useTranslations("common");
  const subject = message?.subject ?? "";
  const remove = useApiMutation({
    mutationFn: (target: TContactMessage) => deleteContactMessage(api, target.id),
    invalidates: [contactKeys.lists()],
    audited: true,
    success: (target) => t("done", { subject: target.subject }),
    failure: (target) => t("failed", { subject: target.subject }),
    onSuccess: () => onDone(true),
  });
  return (
    <ConfirmDialog
      open={message !== null}
      title={t("confirmTitle", { subject })}
      confirmLabel={t("confirm")}
      tone="danger"
      pending={remove.isPending}
      pendingLabel={tCommon("busy")}
      onConfirm={() => {
        if (message) remove.mutate(message);
      }}
      onCancel={() => onDone(false)}
    >
      <p>{t("confirmBody")}</p>
    </ConfirmDialog>
  );
}
