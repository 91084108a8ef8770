"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { Suspense } from "react";
import { Icon } from "@/components/ui/icon";
import { signInPagePath } from "@/lib/navigation/sign-in-path";
import { signInHref } from "./sign-in-href";
import { toolbarButtonClass } from "./toolbar-styles";

function SignInAnchor({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className={toolbarButtonClass}>
      <Icon name="user" />
      {label}
    </Link>
  );
}

function SignInWithReturn({ label }: { label: string }) {
  const pathname = usePathname() ?? "/";
  const searchParams = useSearchParams();
  return <SignInAnchor href={signInHref(pathname, searchParams?.toString() ?? "")} label={label} />;
}

/**
 * spec §2 sign-in for signed-out visitors, back to this page afterwards. The header is on
 * every page; where a page is prerendered, reading the query suspends, and the plain link
 * to the sign-in page stands in.
 */
export function SignInAnchorWithReturn({ label }: { label: string }) {
  return (
    <Suspense fallback={<SignInAnchor href={signInPagePath} label={label} />}>
      <SignInWithReturn label={label} />
    </Suspense>
  );
}
