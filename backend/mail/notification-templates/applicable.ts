import type { AppDb } from "../../db/client";
import { applicableTemplate } from "../../queries/notification-templates";
import type { TLocale } from "../templates/layout";
import type { TTemplateKey } from "./registry";
import { logFallbackTo } from "./render";

/**
 * What a send passes to a template: the override that applies to the recipient's centre
 * (else the tenant's, else none: the default), the link of the message, and where a
 * fallback to the default is logged.
 */
export async function templateFor(
  tx: AppDb,
  tenantId: number,
  p: {
    centreId: number | null;
    key: TTemplateKey;
    locale: TLocale;
    log: Parameters<typeof logFallbackTo>[0];
    link?: string | null;
  },
) {
  return {
    override: await applicableTemplate(tx, tenantId, p.centreId, p.key, p.locale),
    link: p.link ?? null,
    log: logFallbackTo(p.log),
  };
}
