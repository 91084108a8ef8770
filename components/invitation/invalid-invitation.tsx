import { useTranslations } from "next-intl";
import { FormError } from "@/components/ui/form-error";

/**
 * An unknown, spent or expired invitation (the api cannot tell them apart for us, by
 * design): only whoever invited the person can send a new one.
 */
export function InvalidInvitation() {
  const t = useTranslations("invitation.invalid");
  return <FormError title={t("title")}>{t("description")}</FormError>;
}
