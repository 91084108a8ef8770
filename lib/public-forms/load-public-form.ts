import "server-only";
import { isApiError } from "@/lib/api/errors";
import { publicGet } from "@/lib/public/public-api";
import type { TPublicForm } from "./public-form-model";

/** The published (or closed) form of a token, or null: a draft, another tenant's or an
 *  unknown token is the api's 404. */
export async function loadPublicForm(token: string): Promise<TPublicForm | null> {
  try {
    return (await publicGet<TPublicForm>(`/api/v1/forms/${encodeURIComponent(token)}`)).data;
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return null;
    throw error;
  }
}
