"use client";
import { useTranslations } from "next-intl";
import { api } from "@/lib/api";
import { jobKeys } from "@/lib/api/query-keys";
import { useApiMutation } from "@/lib/api/use-api-mutation";
import type { TJob } from "./job-types";

/** POST /api/v1/jobs/:id/retry: a failed job queued again now with fresh attempts. */
export function useRetryJob() {
  const t = useTranslations("jobs.retry");
  return useApiMutation({
    mutationFn: async (job: TJob) => {
      const response = await api.post<TJob>(`/api/v1/jobs/${encodeURIComponent(job.id)}/retry`);
      return response.data;
    },
    invalidates: [jobKeys.lists()],
    // A retry is logged by the api, not in the audit log (docs/jobs.md).
    audited: false,
    success: (job) => t("done", { id: job.id }),
    failure: (job) => t("failed", { id: job.id }),
    reasons: { 409: t("notFailed") },
  });
}
