import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorScreen } from "@/components/errors/error-screen";
import { NotFoundPath } from "@/components/errors/not-found-path";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors.notFound");
  return { title: t("title") };
}

/**
 * spec §2/§8: the 404 screen for a page of this group that calls notFound() (an unknown
 * record, a content page that does not exist). Next renders it inside the group's layout,
 * which has the header and footer already; app/not-found.tsx is for addresses no page
 * matches and brings the chrome itself.
 */
export default function GroupNotFound() {
  return (
    <ErrorScreen kind="notFound">
      <NotFoundPath />
    </ErrorScreen>
  );
}
