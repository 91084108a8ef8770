import { NewsList } from "@/components/news-admin/news-list";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("news-admin");

/**
 * /nieuwsbeheer (ours, login-required): the news of the centres a centre admin runs, in
 * every status (docs/news-admin.md). Loads in the browser through the BFF.
 */
export default async function NewsAdminRoute() {
  await requireSession("/nieuwsbeheer");
  return <NewsList />;
}
