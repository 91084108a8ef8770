import { TemplateList } from "@/components/notification-templates/template-list";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("notification-templates");

/**
 * /notification_templates (login-required): every mail and notification kind in Dutch and
 * English, and which are overridden (docs/notification-templates.md).
 */
export default async function NotificationTemplatesRoute() {
  await requireSession("/notification_templates");
  return <TemplateList />;
}
