"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { PageTitle } from "@/components/ui/page-title";
import { NewsForm } from "./news-form";

/**
 * /nieuwsbeheer/toevoegen: a new article of the site's centre (the api takes the site's
 * centre and checks that the writer administers it); back to the list after saving.
 */
export function NewsAdd() {
  const t = useTranslations("newsAdmin");
  const router = useRouter();
  return (
    <StaffGate allow={centreStaff}>
      {() => (
        <div className="flex flex-col gap-6">
          <PageTitle description={t("addDescription")}>{t("addTitle")}</PageTitle>
          <NewsForm article={null} onSaved={() => router.push("/nieuwsbeheer")} />
        </div>
      )}
    </StaffGate>
  );
}
