import { useTranslations } from "next-intl";
import { Icon } from "@/components/ui/icon";
import { SignInAnchorWithReturn } from "./sign-in-anchor";

/** spec §2 sign-in for signed-out visitors; the label is looked up here (sign-in-anchor.tsx). */
export function SignInLink() {
  const t = useTranslations("layout");
  return (
    <SignInAnchorWithReturn>
      <Icon name="user" />
      {t("signIn")}
    </SignInAnchorWithReturn>
  );
}
