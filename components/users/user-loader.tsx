"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { QueryGate } from "@/components/ui/query-gate";
import { userQuery } from "@/lib/users/user-queries";
import type { TUserRecord } from "@/lib/users/user-types";

/**
 * Loads one user (GET /api/v1/users/:id?include=roles,organizations) for the pages under
 * /users/:id; the api's 403 and 404 are the error screens of spec §8.
 */
export function UserLoader({
  id,
  children,
}: {
  id: string;
  children: (user: TUserRecord) => ReactNode;
}) {
  const t = useTranslations("userAdmin");
  const query = useQuery(userQuery(id));
  return (
    <QueryGate query={query} failed={t("detail.loadFailed")} errorScreens>
      {children}
    </QueryGate>
  );
}
