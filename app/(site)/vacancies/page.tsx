import { Suspense } from "react";
import { VacancyList } from "@/components/vacancies/vacancy-list";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("vacancies");

/**
 * /vacancies (spec §2, login-required; docs/vacancy-pages.md): the vacancies the signed-in
 * user manages. Loads in the browser through the BFF; the api decides whose they are.
 */
export default async function VacanciesRoute() {
  await requireSession("/vacancies");
  return (
    <Suspense fallback={null}>
      <VacancyList />
    </Suspense>
  );
}
