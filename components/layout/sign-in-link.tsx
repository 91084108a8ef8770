"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { Suspense } from "react";
import { Icon } from "@/components/ui/icon";
import { signInPagePath } from "@/lib/navigation/sign-in-path";
import { signInHref } from "./sign-in-href";
import { toolbarButtonClass } from "./toolbar-styles";

function SignInAnchor({ href }: { href: string }) {
  const t = useTranslations("layout");
  return (
    <Link href={href} className={toolbarButtonClass}>
      <Icon name="user" />
      {t("signIn")}
    </Link>
  );
}

function SignInWithReturn() {
  const pathname = usePathname() ?? "/";
  const searchParams = useSearchParams();
  return <SignInAnchor href={signInHref(pathname, searchParams?.toString() ?? "")} />;
}

/**
 * spec §2 sign-in for signed-out visitors, back to this page afterwards. The header is on
 * every page; where a page is prerendered, reading the query suspends, and the plain link
 * to the sign-in page stands in.
 */
export function SignInLink() {
  return (
    <Suspense fallback={<SignInAnchor href={signInPagePath} />}>
      <SignInWithReturn />
    </Suspense>
  );
}
