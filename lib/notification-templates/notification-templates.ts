import { queryOptions } from "@tanstack/react-query";
import { type ApiClient, api } from "@/lib/api";
import type { TTemplateLocale } from "@/lib/contract/notification-templates";
import { notificationTemplateKeys } from "./keys";

/**
 * The back office's notification templates (docs/notification-templates.md) on
 * /api/v1/notification_templates: the overrides, every kind with its variables and defaults
 * (the list's meta.kinds), writes, the preview and the test mail.
 */

export type TTemplateText = { subject: string; body: string };

export type TTemplateKindInfo = {
  key: string;
  channels: readonly ("mail" | "app")[];
  variables: readonly { name: string; sample: string | number }[];
  defaults: Partial<Record<TTemplateLocale, TTemplateText>>;
};

export type TNotificationTemplate = TTemplateText & {
  id: string;
  kind: string;
  locale: TTemplateLocale;
  volunteerCenterId: number | null;
  updatedAt: string;
};

export type TTemplateOverview = {
  overrides: TNotificationTemplate[];
  kinds: TTemplateKindInfo[];
};

export type TTemplatePreview = {
  subject: string;
  body: string;
  html: string;
  sentTo: string | null;
};

const PATH = "/api/v1/notification_templates";

/** Every kind and the overrides the caller sees (one page: there are a few dozen at most). */
export function templateOverviewQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: notificationTemplateKeys.list(),
    queryFn: async ({ signal }): Promise<TTemplateOverview> => {
      const response = await client.get<TNotificationTemplate[]>(PATH, {
        query: { page: { size: 1000 } },
        signal,
      });
      return {
        overrides: response.data,
        kinds: (response.meta?.kinds ?? []) as TTemplateKindInfo[],
      };
    },
  });
}

export function templateQuery(id: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: notificationTemplateKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await client.get<TNotificationTemplate>(`${PATH}/${encodeURIComponent(id)}`, { signal }))
        .data,
  });
}

export type TNewTemplate = TTemplateText & {
  kind: string;
  locale: TTemplateLocale;
  volunteer_center_id: number | null;
};

export async function createTemplate(client: ApiClient, attributes: TNewTemplate) {
  return (
    await client.post<TNotificationTemplate>(PATH, {
      data: { type: "notification_templates", attributes },
    })
  ).data;
}

export async function updateTemplate(client: ApiClient, id: string, attributes: TTemplateText) {
  return (
    await client.patch<TNotificationTemplate>(`${PATH}/${encodeURIComponent(id)}`, {
      data: { type: "notification_templates", id, attributes },
    })
  ).data;
}

export async function deleteTemplate(client: ApiClient, id: string): Promise<void> {
  await client.delete(`${PATH}/${encodeURIComponent(id)}`);
}

export type TPreviewInput = TTemplateText & { kind: string; locale: TTemplateLocale };

async function previewCall(
  client: ApiClient,
  action: "preview" | "test_mail",
  input: TPreviewInput,
) {
  return (
    await client.post<TTemplatePreview>(`${PATH}/${action}`, {
      data: { type: "notification_template_previews", attributes: input },
    })
  ).data;
}

/** The text rendered with the kind's sample data; a 422 says what is wrong with it. */
export function templatePreviewQuery(input: TPreviewInput, client: ApiClient = api) {
  return queryOptions({
    queryKey: notificationTemplateKeys.preview(input),
    queryFn: () => previewCall(client, "preview", input),
    retry: false,
  });
}

export const sendTestMail = (client: ApiClient, input: TPreviewInput) =>
  previewCall(client, "test_mail", input);

/** Inserts `{{ name }}` at the caret of a field (or at its end) and gives the new value. */
export function insertVariable(
  value: string,
  name: string,
  selection: { start: number; end: number } | null,
): { value: string; caret: number } {
  const tag = `{{ ${name} }}`;
  const start = selection?.start ?? value.length;
  const end = selection?.end ?? value.length;
  return { value: `${value.slice(0, start)}${tag}${value.slice(end)}`, caret: start + tag.length };
}
