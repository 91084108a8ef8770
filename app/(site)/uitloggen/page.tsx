import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SignOut } from "@/components/auth/sign-out";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signOut");
  return { title: t("title") };
}

/** spec §2: /uitloggen signs out and goes to the sign-in page. */
export default function SignOutPage() {
  return <SignOut />;
}
