import { DownloadView } from "@/components/personal-data/download-view";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("profile-download");

/**
 * /profiel/download/:token (login-required; docs/data-exports.md): where the "your data is
 * ready" mail leads. Signed out, the sign-in comes first and returns here. The file itself
 * comes from the api, which checks the token and that this session is its owner's.
 */
export default async function ProfileDownloadRoute({
  params,
}: {
  params: Promise<{ token: string }>;
}) {
  const { token } = await params;
  await requireSession(`/profiel/download/${encodeURIComponent(token)}`);
  return <DownloadView token={token} />;
}
