import { Suspense } from "react";
import { AuditLog } from "@/components/audit/audit-log";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("audit-log");

/**
 * /logboek (our route, docs/audit-log.md): the audit log of administrative
 * actions for centre admins and superadmins. Loads in the browser through the BFF.
 */
export default async function AuditLogPage() {
  await requireSession("/logboek");
  return (
    <Suspense fallback={null}>
      <AuditLog />
    </Suspense>
  );
}
