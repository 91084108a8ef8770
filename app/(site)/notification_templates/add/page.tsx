import { TemplateAdd } from "@/components/notification-templates/template-add";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("notification-template-add");

/** /notification_templates/add (login-required): overrides a template. */
export default async function NotificationTemplateAddRoute() {
  await requireSession("/notification_templates/add");
  return <TemplateAdd />;
}
