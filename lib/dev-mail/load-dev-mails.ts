import "server-only";
import { isApiError } from "@/lib/api/errors";
import { serverApi } from "@/lib/api/server";

/** One outbox mail as the api client flattens it (GET /api/v1/dev/mails). */
export type TDevMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
};

export type TDevMails = { available: true; mails: TDevMail[] } | { available: false };

// What the page shows: the newest mails only, there is no paging in the viewer.
export const DEV_MAIL_PAGE_SIZE = 50;

/**
 * The tenant's newest outbox mails. A public call (no session), so it may run in a server
 * component. The api answers 404 in production and with SMTP_URL set: no viewer then.
 */
export async function loadDevMails(tenantSlug: string): Promise<TDevMails> {
  try {
    const response = await serverApi.get<TDevMail[]>("/api/v1/dev/mails", {
      query: { page: { number: 1, size: DEV_MAIL_PAGE_SIZE } },
      headers: { "X-Tenant": tenantSlug },
    });
    return { available: true, mails: response.data };
  } catch (error) {
    if (isApiError(error) && error.statusCode === 404) return { available: false };
    throw error;
  }
}
