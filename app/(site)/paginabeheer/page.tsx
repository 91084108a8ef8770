import { NewsList } from "@/components/news-admin/news-list";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("page-admin");

/**
 * /paginabeheer (ours, login-required): the tenant's content pages in every language and
 * status (docs/news-admin.md). Loads in the browser through the BFF.
 */
export default async function PageAdminRoute() {
  await requireSession("/paginabeheer");
  return <NewsList kind="page" />;
}
