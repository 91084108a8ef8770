/** Query keys of the notification templates (docs/notification-templates.md). */
export const notificationTemplateKeys = {
  all: ["notification_templates"] as const,
  list: () => [...notificationTemplateKeys.all, "list"] as const,
  detail: (id: string) => [...notificationTemplateKeys.all, "detail", id] as const,
  preview: (text: Record<string, string>) =>
    [...notificationTemplateKeys.all, "preview", text] as const,
};
