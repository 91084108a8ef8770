"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useAuth } from "@/lib/auth/use-auth";

const linkClass =
  "rounded-full px-3 py-2 font-medium text-neutral-900 no-underline hover:bg-neutral-100";

/** The header's sign-in / account links (spec §2: toolbar with account menu and sign-in). */
export function AccountNav() {
  const t = useTranslations("layout");
  const { status } = useAuth();
  if (status === "SIGNED_IN") {
    return (
      <>
        <Link href="/dashboard" className={linkClass}>
          {t("dashboard")}
        </Link>
        <Link href="/uitloggen" className={linkClass}>
          {t("signOut")}
        </Link>
      </>
    );
  }
  return (
    <Link href="/auth/login-1" className={linkClass}>
      {t("signIn")}
    </Link>
  );
}
