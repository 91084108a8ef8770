import { useTranslations } from "next-intl";
import { NotFoundPathText } from "./not-found-path-text";

/** spec §8: 'Page not found: {path}' (the path itself is filled in in the browser). */
export function NotFoundPath() {
  const t = useTranslations("errors.notFound");
  return <NotFoundPathText template={t("path", { path: "{path}" })} />;
}
