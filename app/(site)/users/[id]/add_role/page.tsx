import { UserRolesEditor } from "@/components/users/user-roles-editor";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("user-add-role");

/**
 * /users/:id/add_role (spec §2, login-required): a user's roles, to add and remove
 * (PUT …/add_role, DELETE …/remove_role). Loads in the browser through the BFF.
 */
export default async function UserAddRolePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/users/${id}/add_role`);
  return <UserRolesEditor id={id} />;
}
