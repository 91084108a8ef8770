import { FormEdit } from "@/components/form-builder/form-edit";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("form-edit");

/** /form_builder/:id/edit (spec §2, login-required): the builder on a form the user manages. */
export default async function FormEditRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/form_builder/${id}/edit`);
  return <FormEdit key={id} id={id} />;
}
