import { UserEditForm } from "@/components/users/user-edit-form";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("user-edit");

/**
 * /users/:id/edit (spec §2, login-required): a user's name, phone and language.
 * Loads and saves in the browser through the BFF (PATCH /api/v1/users/:id).
 */
export default async function UserEditPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/users/${id}/edit`);
  return <UserEditForm id={id} />;
}
