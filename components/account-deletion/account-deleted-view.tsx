import { useTranslations } from "next-intl";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageTitle } from "@/components/ui/page-title";

/** /profiel/verwijderd: the account is gone, and what that means now. */
export function AccountDeletedView() {
  const t = useTranslations("accountDeletion.deleted");
  return (
    <div className="mx-auto w-full max-w-2xl">
      <Card>
        <PageTitle description={t("intro")}>{t("title")}</PageTitle>
        <div className="flex flex-col gap-5">
          <ul className="list-disc pl-6">
            <li>{t("erased")}</li>
            <li>{t("signedOut")}</li>
            <li>{t("kept")}</li>
            <li>{t("again")}</li>
          </ul>
          <div>
            <ButtonLink href="/">{t("home")}</ButtonLink>
          </div>
        </div>
      </Card>
    </div>
  );
}
