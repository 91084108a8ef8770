import { SignOut } from "@/components/auth/sign-out";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("sign-out");

/** spec §2: /uitloggen signs out and goes to the sign-in page. */
export default function SignOutPage() {
  return <SignOut />;
}
