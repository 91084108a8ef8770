import { UserDetail } from "@/components/users/user-detail";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("user");

/**
 * /users/:id (spec §2, login-required): one user, their roles and what an admin
 * may do with them. Loads in the browser through the BFF; the api answers 403 or 404.
 */
export default async function UserPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/users/${id}`);
  return <UserDetail id={id} />;
}
