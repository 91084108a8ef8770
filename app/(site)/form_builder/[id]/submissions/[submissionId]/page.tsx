import { FormSubmission } from "@/components/form-builder/form-submission";
import { requireSession } from "@/lib/auth/get-session";
import { routeMetadata } from "@/lib/route-metadata";

export const generateMetadata = routeMetadata("form-submission");

/** /form_builder/:id/submissions/:submissionId (spec §2, login-required): one submission's answers. */
export default async function FormSubmissionRoute({
  params,
}: {
  params: Promise<{ id: string; submissionId: string }>;
}) {
  const { id, submissionId } = await params;
  await requireSession(`/form_builder/${id}/submissions/${submissionId}`);
  return <FormSubmission key={`${id}-${submissionId}`} id={id} submissionId={submissionId} />;
}
