"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ErrorScreen } from "@/components/errors/error-screen";
import { NotFoundPath } from "@/components/errors/not-found-path";
import { QueryGate } from "@/components/ui/query-gate";
import { isApiError } from "@/lib/api/errors";
import { currentUserQuery } from "@/lib/auth/current-user-query";
import { mayUseDevPages, type TDevPagesAccess } from "@/lib/dev-pages/access";

function NotFoundScreen() {
  return (
    <ErrorScreen kind="notFound">
      <NotFoundPath />
    </ErrorScreen>
  );
}

/** Asks the api (through the BFF) for the user's roles: the page for superadmins only. */
function SuperadminsOnly({ children }: { children: ReactNode }) {
  const t = useTranslations("devPages");
  const user = useQuery(currentUserQuery());
  return (
    <QueryGate
      query={user}
      failed={t("userFailed")}
      // An expired session or a refusal: to this visitor the page does not exist either.
      refused={(error) =>
        isApiError(error) && (error.statusCode === 401 || error.statusCode === 403) ? (
          <NotFoundScreen />
        ) : undefined
      }
    >
      {(current) =>
        mayUseDevPages("superadmins", current.roles ?? []) ? children : <NotFoundScreen />
      }
    </QueryGate>
  );
}

/**
 * The developer and test pages' gate (docs/dev-pages.md): everyone where the pages are
 * switched on; elsewhere superadmins, and the 404 screen for everyone else.
 */
export function DevPagesGate({
  access,
  children,
}: {
  access: TDevPagesAccess;
  children: ReactNode;
}) {
  return access === "open" ? children : <SuperadminsOnly>{children}</SuperadminsOnly>;
}
