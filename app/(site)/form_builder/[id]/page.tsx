import { FormDetail } from "@/components/form-builder/form-detail";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("form-detail");

/** /form_builder/:id (spec §2, login-required): a form's status, link, versions and submissions. */
export default async function FormDetailRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/form_builder/${id}`);
  return <FormDetail key={id} id={id} />;
}
