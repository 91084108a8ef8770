import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorScreen } from "./error-screen";
import { NotFoundPath } from "./not-found-path";

/**
 * The screens of notFound(), forbidden() and unauthorized() (spec §8, with HTTP status 404,
 * 403, 401) for the route groups. Next renders a group's boundary inside the group's layout,
 * which already has its chrome, so these are the screen alone. Next also serializes every
 * boundary of every segment into each page's payload, whether it is shown or not: a
 * boundary that brought the header and footer itself would ride along on every page.
 * The root app/not-found.tsx has no chrome for that reason; addresses no page matches are
 * rewritten to a page of app/(public) instead (lib/navigation/request-route.ts). A page
 * that raises an interrupt after an await renders these itself (interrupt-page.tsx).
 */

export async function notFoundMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors.notFound"))("title") };
}

export async function forbiddenMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors.forbidden"))("title") };
}

export async function unauthorizedMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("errors.unauthorized"))("title") };
}

export function NotFoundScreen() {
  return (
    <ErrorScreen kind="notFound">
      <NotFoundPath />
    </ErrorScreen>
  );
}

export function ForbiddenScreen() {
  return <ErrorScreen kind="forbidden" />;
}

export function UnauthorizedScreen() {
  return <ErrorScreen kind="unauthorized" />;
}
