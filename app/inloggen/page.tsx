import { redirect } from "next/navigation";
import { getSession } from "@/lib/auth/get-session";
import { isSignedIn } from "@/lib/auth/session";
import { signInPath } from "@/lib/navigation/sign-in-path";

/**
 * spec §2: /inloggen is login-required. Signed-out visitors are sent to the sign-in page
 * (by proxy.ts, and here again as the wall); signed-in ones land on their dashboard.
 */
export default async function SignInRequiredPage(): Promise<never> {
  if (!isSignedIn(await getSession())) redirect(signInPath("/inloggen"));
  redirect("/dashboard");
}
