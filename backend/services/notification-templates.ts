import type {
  TNotificationTemplateAttributes,
  TNotificationTemplatePreview,
} from "../../lib/contract/notification-templates";
import type { AppDb } from "../db/client";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import {
  type TTemplateKey,
  type TTemplateText,
  templateKind,
} from "../mail/notification-templates/registry";
import {
  renderSource,
  sampleValues,
  type TRenderedTemplate,
  validateTemplate,
} from "../mail/notification-templates/render";
import { greeting, renderMail, type TRenderedMail } from "../mail/templates/layout";
import { recordAudit } from "../queries/audit-events";
import {
  deleteNotificationTemplate,
  findTemplateOfScope,
  insertNotificationTemplate,
  type TNotificationTemplateRow,
  updateNotificationTemplate,
} from "../queries/notification-templates";
import { isUniqueViolation } from "./content";

/**
 * Overriding a notification template (docs/notification-templates.md): the text is checked
 * before it is stored (it parses, uses only the kind's variables, tags and filters, and
 * renders the sample data within the limits), one override per scope, kind and language,
 * and an audit entry per write.
 */

type TWho = { tenantId: number; actorId: number; now: Date };

/** The kind a request names, or a 422 on `kind`. */
export function knownKind(kind: string): TTemplateKey {
  if (!templateKind(kind)) {
    throw unprocessable([invalidAttribute(["kind"], "is not a template kind", "inclusion")]);
  }
  return kind as TTemplateKey;
}

/**
 * The text rendered with the kind's sample data, or a 422 pointing at the field at fault:
 * a syntax error, an unknown tag or filter, a variable the kind does not have, or a render
 * that passes a limit (a loop of a million turns).
 */
export function checkedRender(key: TTemplateKey, text: TTemplateText): TRenderedTemplate {
  const problems = validateTemplate(key, text);
  if (problems.length > 0) {
    throw unprocessable(
      problems.map((p) =>
        invalidAttribute([p.field], p.message, p.code === "syntax" ? "invalid" : p.code),
      ),
    );
  }
  try {
    const rendered = renderSource(text, sampleValues(key));
    if (rendered.subject === "") {
      throw unprocessable([invalidAttribute(["subject"], "renders empty", "blank")]);
    }
    return rendered;
  } catch (error) {
    if (error instanceof Error && error.name === "RenderError") {
      const message = (error.message.split("\n")[0] ?? "").slice(0, 200);
      throw unprocessable([
        invalidAttribute(["body"], `cannot be rendered: ${message}`, "invalid"),
      ]);
    }
    throw error;
  }
}

/** A preview: the subject, the body's text and the whole mail as it would go out. */
export function previewOf(
  input: TNotificationTemplatePreview,
  tenantName: string,
): { subject: string; body: string; mail: TRenderedMail } {
  const key = knownKind(input.kind);
  const rendered = checkedRender(key, input);
  const firstName = String(sampleValues(key)["recipient.first_name"] ?? "");
  const mail = renderMail({
    subject: rendered.subject,
    greeting: greeting(input.locale, firstName),
    intro: rendered.paragraphs,
    outro: [],
    signature: tenantName,
  });
  return { subject: rendered.subject, body: rendered.paragraphs.join("\n\n"), mail };
}

const label = (row: Pick<TNotificationTemplateRow, "kind" | "locale">) =>
  `${row.kind} (${row.locale})`;

const taken = () =>
  unprocessable([
    invalidAttribute(
      ["kind"],
      "already has an override in this language and scope; change that one",
      "taken",
    ),
  ]);

export async function createNotificationTemplate(
  tx: AppDb,
  who: TWho,
  input: TNotificationTemplateAttributes,
  centreId: number | null,
): Promise<TNotificationTemplateRow> {
  const key = knownKind(input.kind);
  checkedRender(key, input);
  const scope = { centreId, kind: key, locale: input.locale };
  if (await findTemplateOfScope(tx, who.tenantId, scope)) throw taken();
  let row: TNotificationTemplateRow;
  try {
    row = await insertNotificationTemplate(tx, {
      tenantId: who.tenantId,
      volunteerCenterId: centreId,
      kind: key,
      locale: input.locale,
      subject: input.subject,
      body: input.body,
      updatedById: who.actorId,
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
  await audit(tx, who, row, "notification_template_created", {});
  return row;
}

export async function changeNotificationTemplate(
  tx: AppDb,
  who: TWho,
  stored: TNotificationTemplateRow,
  input: { subject?: string; body?: string },
): Promise<TNotificationTemplateRow> {
  const next = { subject: input.subject ?? stored.subject, body: input.body ?? stored.body };
  const changed = (["subject", "body"] as const).filter((f) => next[f] !== stored[f]);
  if (changed.length === 0) return stored;
  // A kind that left the registry cannot be checked, nor sent: it can only be deleted.
  checkedRender(knownKind(stored.kind), next);
  const row = await updateNotificationTemplate(
    tx,
    who.tenantId,
    stored.id,
    { ...next, updatedById: who.actorId },
    who.now,
  );
  await audit(tx, who, row, "notification_template_updated", { changed });
  return row;
}

export async function removeNotificationTemplate(
  tx: AppDb,
  who: TWho,
  stored: TNotificationTemplateRow,
) {
  await deleteNotificationTemplate(tx, who.tenantId, stored.id);
  await audit(tx, who, stored, "notification_template_deleted", {});
}

function audit(
  tx: AppDb,
  who: TWho,
  row: TNotificationTemplateRow,
  action:
    | "notification_template_created"
    | "notification_template_updated"
    | "notification_template_deleted",
  details: Record<string, unknown>,
) {
  return recordAudit(tx, {
    tenantId: who.tenantId,
    actorId: who.actorId,
    action,
    subject: { type: "NotificationTemplate", id: row.id, label: label(row) },
    volunteerCenterId: row.volunteerCenterId,
    details: { kind: row.kind, locale: row.locale, ...details },
  });
}
