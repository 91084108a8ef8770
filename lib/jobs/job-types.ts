import type { TJobState } from "@/lib/contract/jobs";

/** One job as GET /api/v1/jobs answers it, keys camelCased (docs/jobs.md). No payload:
 *  a mail job's holds an address and a link with a token. */
export type TJob = {
  id: string;
  /** null: a platform job (the cleanup), no site's. */
  tenantId: number | null;
  kind: string;
  state: TJobState;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lockedAt: string | null;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
};
