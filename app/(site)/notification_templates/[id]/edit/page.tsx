import { TemplateEdit } from "@/components/notification-templates/template-edit";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("notification-template-edit");

/** /notification_templates/:id/edit (login-required): edits an override. */
export default async function NotificationTemplateEditRoute({
  params,
}: {
  params: Promise<{ id: string }>;
}) {
  const { id } = await params;
  await requireSession(`/notification_templates/${id}/edit`);
  return <TemplateEdit key={id} id={id} />;
}
