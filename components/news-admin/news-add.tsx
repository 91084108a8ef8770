"use client";

import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { centreStaff, StaffGate } from "@/components/auth/staff-gate";
import { PageTitle } from "@/components/ui/page-title";
import { CONTENT_KINDS, type TContentKind } from "@/lib/news-admin/news-admin";
import { NewsForm } from "./news-form";

/**
 * /nieuwsbeheer/toevoegen: a new article of the site's centre (the api takes the site's
 * centre and checks that the writer administers it); /paginabeheer/toevoegen: a new page
 * of the tenant. Back to the list after saving.
 */
export function NewsAdd({ kind = "news" }: { kind?: TContentKind }) {
  const t = useTranslations("newsAdmin");
  const tp = useTranslations("pageAdmin");
  const router = useRouter();
  const { adminPath } = CONTENT_KINDS[kind];
  return (
    <StaffGate allow={centreStaff}>
      {() => (
        <div className="flex flex-col gap-6">
          {kind === "page" ? (
            <PageTitle description={tp("addDescription")}>{tp("addTitle")}</PageTitle>
          ) : (
            <PageTitle description={t("addDescription")}>{t("addTitle")}</PageTitle>
          )}
          <NewsForm kind={kind} article={null} onSaved={() => router.push(adminPath)} />
        </div>
      )}
    </StaffGate>
  );
}
