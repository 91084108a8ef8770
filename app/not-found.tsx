import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ErrorScreen } from "@/components/errors/error-screen";
import { NotFoundPath } from "@/components/errors/not-found-path";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("errors.notFound");
  return { title: t("title") };
}

/** spec §2: an unmatched route gives a 404 error page (texts of spec §8). */
export default function NotFound() {
  return (
    <ErrorScreen kind="notFound">
      <NotFoundPath />
    </ErrorScreen>
  );
}
