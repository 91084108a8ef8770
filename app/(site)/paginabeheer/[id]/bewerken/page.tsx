import { NewsEdit } from "@/components/news-admin/news-edit";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("page-admin-edit");

/** /paginabeheer/:id/bewerken (ours, login-required): edits a content page in any status. */
export default async function PageAdminEditRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/paginabeheer/${id}/bewerken`);
  return <NewsEdit key={id} id={id} kind="page" />;
}
