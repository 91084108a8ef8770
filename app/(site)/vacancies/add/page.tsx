import { VacancyAdd } from "@/components/vacancies/vacancy-add";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("vacancy-add");

/**
 * /vacancies/add (spec §2, login-required): an organisation's staff write a vacancy. The
 * form works in the browser through the BFF (server components never call authenticated
 * endpoints); who may is decided there (403 screen) and by the api.
 */
export default async function VacancyAddPage() {
  await requireSession("/vacancies/add");
  return <VacancyAdd />;
}
