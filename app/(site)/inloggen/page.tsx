import { redirect } from "next/navigation";
import { requireSession } from "@/lib/auth/get-session";

/**
 * spec §2: /inloggen is login-required. Signed-out visitors are sent to the sign-in page
 * (by proxy.ts, and here again as the wall); signed-in ones land on their dashboard.
 */
export default async function SignInRequiredPage(): Promise<never> {
  await requireSession("/inloggen");
  redirect("/dashboard");
}
