import { Suspense } from "react";
import { VacancyBulkEdit } from "@/components/vacancies/vacancy-bulk-edit";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("vacancy-bulk-edit");

/**
 * /vacancies/bulk-edit (spec §2, login-required; docs/vacancy-pages.md): changing many of
 * the vacancies one manages at once, after a preview. The api checks every vacancy.
 */
export default async function VacancyBulkEditRoute() {
  await requireSession("/vacancies/bulk-edit");
  return (
    <Suspense fallback={null}>
      <VacancyBulkEdit />
    </Suspense>
  );
}
