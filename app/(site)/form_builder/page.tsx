import { FormList } from "@/components/form-builder/form-list";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("form-builder");

/**
 * /form_builder (spec §2, login-required): the forms the user manages, in every status
 * (docs/form-builder.md). Loads in the browser through the BFF.
 */
export default async function FormBuilderRoute() {
  await requireSession("/form_builder");
  return <FormList />;
}
