import { FormNew } from "@/components/form-builder/form-new";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("form-new");

/** /form_builder/new (spec §2, login-required): builds a new form (docs/form-builder.md). */
export default async function FormNewRoute() {
  await requireSession("/form_builder/new");
  return <FormNew />;
}
