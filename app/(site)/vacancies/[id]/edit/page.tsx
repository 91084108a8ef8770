import { VacancyEdit } from "@/components/vacancies/vacancy-edit";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("vacancy-edit");

/**
 * /vacancies/:id/edit (spec §2, login-required). Beside the public /vacancies/:id of
 * app/(public) (the same [id] segment in both groups, as /organizations/:id and its edit
 * page). The vacancy loads in the browser through the BFF: a draft is only visible to
 * those who manage it, and the api's 404 and 403 show here.
 */
export default async function VacancyEditPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/vacancies/${id}/edit`);
  return <VacancyEdit key={id} id={id} />;
}
