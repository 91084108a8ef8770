import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DashboardView } from "@/components/dashboard/dashboard-view";
import { requireSession } from "@/lib/auth/get-session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("dashboard");
  return { title: t("title") };
}

/**
 * spec §2: login-required. proxy.ts only sees that a cookie exists; this checks that it
 * holds a session. The data loads in the browser (decisions.md: server components never
 * call authenticated api endpoints).
 */
export default async function DashboardPage() {
  await requireSession("/dashboard");
  return <DashboardView />;
}
