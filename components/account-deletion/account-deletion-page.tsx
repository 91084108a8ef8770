import { useTranslations } from "next-intl";
import { Card } from "@/components/ui/card";
import { PageTitle } from "@/components/ui/page-title";
import { ConfirmDeletion } from "./confirm-deletion";
import { RequestDeletion } from "./request-deletion";
import { WhatDeletionMeans } from "./what-deletion-means";

type Props = {
  /** The mailed link's token, when the page was opened from the mail. */
  token: string | undefined;
  signedIn: boolean;
};

/** /account/verwijderen: asking for the confirmation mail, or confirming from its link. */
export function AccountDeletionPage({ token, signedIn }: Props) {
  const t = useTranslations("accountDeletion");
  return (
    <div className="mx-auto w-full max-w-2xl">
      <Card>
        <PageTitle description={token ? t("confirm.intro") : t("request.intro")}>
          {token ? t("confirm.title") : t("request.title")}
        </PageTitle>
        <div className="flex flex-col gap-6">
          <WhatDeletionMeans />
          {token ? <ConfirmDeletion token={token} /> : <RequestDeletion signedIn={signedIn} />}
        </div>
      </Card>
    </div>
  );
}
