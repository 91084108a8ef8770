import { NewsAdd } from "@/components/news-admin/news-add";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("page-admin-add");

/** /paginabeheer/toevoegen (ours, login-required): writes a content page. */
export default async function PageAdminAddRoute() {
  await requireSession("/paginabeheer/toevoegen");
  return <NewsAdd kind="page" />;
}
