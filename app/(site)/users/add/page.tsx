import { UserInviteForm } from "@/components/users/user-invite-form";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("user-add");

/**
 * /users/add (spec §2, title 'Gebruiker toevoegen'): invite someone by mail with a
 * role. Loads what the admin may hand out in the browser through the BFF; the api checks
 * the invitation again (policy users.invite).
 */
export default async function UserAddPage() {
  await requireSession("/users/add");
  return <UserInviteForm />;
}
