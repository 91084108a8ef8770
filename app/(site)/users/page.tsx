import { Suspense } from "react";
import { UserList } from "@/components/users/user-list";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("users");

/**
 * /users (spec §2, login-required): the back office's user list. It loads in the
 * browser through the BFF (docs/decisions.md: server components never call authenticated
 * api endpoints); the api decides whom the admin sees and answers others 403.
 */
export default async function UsersPage() {
  await requireSession("/users");
  return (
    // It reads the URL with useSearchParams.
    <Suspense fallback={null}>
      <UserList />
    </Suspense>
  );
}
