"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { type ReactNode, Suspense } from "react";
import { signInPagePath } from "@/lib/navigation/sign-in-path";
import { signInHref } from "./sign-in-href";
import { toolbarButtonClass } from "./toolbar-styles";

type Props = { children: ReactNode };

function SignInAnchor({ href, children }: Props & { href: string }) {
  return (
    <Link href={href} className={toolbarButtonClass}>
      {children}
    </Link>
  );
}

function SignInWithReturn({ children }: Props) {
  const pathname = usePathname() ?? "/";
  const searchParams = useSearchParams();
  return (
    <SignInAnchor href={signInHref(pathname, searchParams?.toString() ?? "")}>
      {children}
    </SignInAnchor>
  );
}

/**
 * spec §2 sign-in for signed-out visitors, back to this page afterwards. The header is on
 * every page; where a page is prerendered, reading the query suspends, and the plain link
 * to the sign-in page stands in. The content (icon and label) comes rendered from the
 * server (sign-in-link.tsx), so no icon code ships for it.
 */
export function SignInAnchorWithReturn({ children }: Props) {
  return (
    <Suspense fallback={<SignInAnchor href={signInPagePath}>{children}</SignInAnchor>}>
      <SignInWithReturn>{children}</SignInWithReturn>
    </Suspense>
  );
}
