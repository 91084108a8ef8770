import { FormPreview } from "@/components/form-builder/form-preview";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("form-preview");

/** /form_builder/:id/preview (spec §2, login-required): the form as respondents see it; nothing is sent. */
export default async function FormPreviewRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/form_builder/${id}/preview`);
  return <FormPreview key={id} id={id} />;
}
