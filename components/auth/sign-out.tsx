"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useAuth } from "@/lib/auth/use-auth";
import { signInPagePath } from "@/lib/navigation/sign-in-path";

export function SignOut() {
  const t = useTranslations("auth.signOut");
  const { signOut } = useAuth();
  const router = useRouter();
  // Once per visit, also when React runs effects twice in development.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // spec §8: a sign-out error is ignored; signOut() clears the session regardless.
    void signOut().finally(() => router.replace(signInPagePath));
  }, [signOut, router]);

  return (
    <div className="py-12 text-center">
      <h1 className="text-3xl font-bold text-neutral-900">{t("title")}</h1>
      <p role="status" className="mt-4 text-lg text-neutral-800">
        {t("pending")}
      </p>
    </div>
  );
}
