import { ReplySettings } from "@/components/settings/settings-pages";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("settings-replies");

/**
 * /instellingen/reacties (login-required): the centre's reply-time reminders and whether
 * peer-help posts are public (docs/reply-times.md). Loads and saves in the browser through
 * the BFF; superadmins and centre admins only.
 */
export default async function SettingsRepliesPage() {
  await requireSession("/instellingen/reacties");
  return <ReplySettings />;
}
