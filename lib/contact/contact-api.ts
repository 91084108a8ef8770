import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import { fetchPaged } from "@/lib/api/paged";
import type { Query } from "@/lib/api/query-string";
import { CONTACT_HONEYPOT } from "@/lib/contract/contact";
import { sortValue, type TListSpec, type TListState } from "@/lib/lists/list-state";
import type { TContactFormValues } from "./contact-form";
import { contactKeys } from "./contact-keys";

/**
 * /contactformulier and its messages in the back office (docs/contact-form.md) on
 * /api/v1/contact_messages.
 */

const PATH = "/api/v1/contact_messages";
const TYPE = "contact_messages";

/** A message as the api answers it (camelCase). */
export type TContactMessage = {
  id: string;
  volunteerCenterId: number | string;
  userId: number | string | null;
  name: string;
  email: string;
  subject: string;
  body: string;
  locale: string;
  readAt: string | null;
  handledAt: string | null;
  handledById: number | string | null;
  createdAt: string;
};

/** POST: the api answers 202 whether it kept the message or a robot filled the honeypot. */
export async function sendContactMessage(
  client: ApiClient,
  values: TContactFormValues,
  locale: string,
): Promise<void> {
  await client.post(PATH, {
    data: {
      type: TYPE,
      attributes: {
        name: values.name,
        email: values.email,
        subject: values.subject,
        body: values.body,
        consent: values.consent,
        locale,
        // Sent as typed: a person leaves it empty, and the api drops what a robot fills.
        ...(values[CONTACT_HONEYPOT] ? { [CONTACT_HONEYPOT]: values[CONTACT_HONEYPOT] } : {}),
      },
    },
  });
}

export const CONTACT_STATES = ["unread", "open", "handled"] as const;
export type TContactState = (typeof CONTACT_STATES)[number];

type TSortField = "created_at" | "subject" | "name";

/** /contactformulier/berichten: what its URL may say (lib/lists/list-state.ts). */
export const CONTACT_LIST = {
  sortable: ["created_at", "subject", "name"],
  defaultSort: { field: "created_at", direction: "desc" },
  filters: { state: CONTACT_STATES },
} satisfies TListSpec<TSortField, "state">;
export type TContactListState = TListState<TSortField, "state">;

export function contactListQuery(state: TContactListState): Query {
  const filter: Record<string, string> = {};
  if (state.filters.state === "unread") filter.read_at_null = "true";
  if (state.filters.state === "open") filter.handled_at_null = "true";
  if (state.filters.state === "handled") filter.handled_at_not_null = "true";
  if (state.q) filter.subject_i_cont = state.q;
  return { filter, sort: sortValue(state.sort), page: { number: state.page, size: state.size } };
}

export function contactMessagesQuery(query: Query, client: ApiClient = api) {
  return queryOptions({
    queryKey: contactKeys.list(query),
    queryFn: ({ signal }) => fetchPaged<TContactMessage>(client, PATH, query, signal),
    placeholderData: keepPreviousData,
  });
}

const itemPath = (id: string) => `${PATH}/${encodeURIComponent(id)}`;

export async function changeContactMessage(
  client: ApiClient,
  id: string,
  changes: { read?: boolean; handled?: boolean },
): Promise<TContactMessage> {
  const response = await client.patch<TContactMessage>(itemPath(id), {
    data: { type: TYPE, id, attributes: changes },
  });
  return response.data;
}

export async function deleteContactMessage(client: ApiClient, id: string): Promise<void> {
  await client.delete(itemPath(id));
}
