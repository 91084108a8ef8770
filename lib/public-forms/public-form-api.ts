import type { ApiClient } from "@/lib/api";
import { HONEYPOT_FIELD, type TAnswers, type TFormLocale } from "@/lib/contract/forms";

/** POST /api/v1/forms/:token/submissions: the answers, the page's language, the honeypot. */
export async function sendSubmission(
  client: ApiClient,
  token: string,
  values: { answers: TAnswers; locale: TFormLocale; honeypot: string },
) {
  const attributes = {
    answers: values.answers,
    locale: values.locale,
    ...(values.honeypot ? { [HONEYPOT_FIELD]: values.honeypot } : {}),
  };
  const response = await client.post(`/api/v1/forms/${encodeURIComponent(token)}/submissions`, {
    data: { type: "form_submissions", attributes },
  });
  return response.data;
}
