import { NewsEdit } from "@/components/news-admin/news-edit";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("news-admin-edit");

/** /nieuwsbeheer/:id/bewerken (ours, login-required): edits a news article in any status. */
export default async function NewsAdminEditRoute({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireSession(`/nieuwsbeheer/${id}/bewerken`);
  return <NewsEdit key={id} id={id} />;
}
