import { NewsAdd } from "@/components/news-admin/news-add";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("news-admin-add");

/** /nieuwsbeheer/toevoegen (ours, login-required): writes a news article. */
export default async function NewsAdminAddRoute() {
  await requireSession("/nieuwsbeheer/toevoegen");
  return <NewsAdd />;
}
