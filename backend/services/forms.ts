import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { and, eq } from "drizzle-orm";
import {
  changedKinds,
  emptyDefinition,
  hasQuestions,
  inLocale,
  inputFields,
  type TAnswers,
  type TFieldError,
  type TFormAttributes,
  type TFormChanges,
  type TFormDefinition,
  type TFormEvent,
  type TFormLocale,
  validateAnswers,
} from "../../lib/contract/forms";
import type { AppDb } from "../db/client";
import { formSubmissions, forms, formVersions } from "../db/schema";
import { AppError, type TErrorItem } from "../errors";
import { enqueueMail } from "../jobs/mail";
import { tenantName } from "../jobs/recipient";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { renderMail } from "../mail/templates/layout";
import { recordAudit } from "../queries/audit-events";
import {
  findForm,
  findVersion,
  submissionCount,
  type TFormRow,
  type TVersionRow,
  versionHasSubmissions,
} from "../queries/forms";

/**
 * The use cases of forms (docs/forms.md): creating one with its first version, changing it
 * (a definition change on a version that has submissions makes a new version; before its
 * first submission the version is still a draft and changes in place), publishing and
 * closing, and taking a submission: validated by the contract's validator, stored against
 * the version it answered, with an optional confirmation mail through the job queue.
 * Every staff change is audited in its transaction (docs/audit-log.md, subject `Form`).
 */

type TWho = { tenantId: number; actorId: number | null };

type TFormAuditAction =
  | "form_created"
  | "form_updated"
  | "form_published"
  | "form_closed"
  | "form_deleted"
  | "form_submission_deleted"
  | "form_submissions_exported";

/** One audit entry about a form, read by the admins of the form's centre. */
export function auditForm(
  tx: AppDb,
  who: TWho,
  form: Pick<TFormRow, "id" | "title" | "volunteerCenterId">,
  action: TFormAuditAction,
  details: Record<string, unknown> = {},
) {
  return recordAudit(tx, {
    tenantId: who.tenantId,
    actorId: who.actorId,
    action,
    subject: { type: "Form", id: form.id, label: form.title },
    volunteerCenterId: form.volunteerCenterId,
    details,
  });
}

/** 16 random bytes as base64url (22 characters): never all digits, so never read as an id. */
export const newFormToken = () => randomBytes(16).toString("base64url");

const DEFINITION_POINTER = ["definition"];

function noQuestions() {
  return unprocessable([
    invalidAttribute(
      DEFINITION_POINTER,
      "must hold at least one question to publish",
      "no_questions",
    ),
  ]);
}

export async function createForm(
  tx: AppDb,
  who: TWho,
  attributes: TFormAttributes,
  owner: { organizationId: number; volunteerCenterId: number },
): Promise<TFormRow> {
  const [form] = await tx
    .insert(forms)
    .values({
      tenantId: who.tenantId,
      organizationId: owner.organizationId,
      volunteerCenterId: owner.volunteerCenterId,
      title: attributes.title,
      token: newFormToken(),
      requiresSignIn: attributes.requires_sign_in ?? false,
      confirmationMail: attributes.confirmation_mail ?? false,
      retentionDays: attributes.retention_days ?? null,
      createdById: who.actorId,
    })
    .returning({ id: forms.id });
  const [version] = await tx
    .insert(formVersions)
    .values({
      tenantId: who.tenantId,
      formId: form.id,
      number: 1,
      definition: attributes.definition ?? emptyDefinition(),
      createdById: who.actorId,
    })
    .returning({ id: formVersions.id });
  await tx.update(forms).set({ currentVersionId: version.id }).where(eq(forms.id, form.id));
  const created = (await findForm(tx, who.tenantId, form.id)) as TFormRow;
  await auditForm(tx, who, created, "form_created", {
    organization_id: created.organizationId,
    version: 1,
  });
  return created;
}

export async function currentVersion(tx: AppDb, tenantId: number, form: TFormRow) {
  if (form.currentVersionId === null) throw new Error(`form ${form.id} has no version`);
  return (await findVersion(tx, tenantId, form.currentVersionId)) as TVersionRow;
}

/**
 * The questions a vacancy asks when someone applies: its form's current version while the
 * form is published; a form closed or deleted since the vacancy named it asks nothing.
 */
export async function applicationQuestions(
  tx: AppDb,
  tenantId: number,
  formId: number | null | undefined,
): Promise<{ formId: number; versionId: number; definition: TFormDefinition } | null> {
  if (formId === undefined || formId === null) return null;
  const form = await findForm(tx, tenantId, formId);
  if (form?.status !== "published") return null;
  const version = await currentVersion(tx, tenantId, form);
  return { formId: form.id, versionId: version.id, definition: version.definition };
}

/**
 * Changes a form. A new definition replaces the current version's while nobody answered it;
 * once someone did, it becomes the next version and the old one stays as it was. A field
 * kept by id keeps its kind (422 `kind_changed`), and a published form keeps a question.
 */
export async function changeForm(
  tx: AppDb,
  who: TWho,
  form: TFormRow,
  changes: TFormChanges,
): Promise<TFormRow> {
  const { definition, ...rest } = changes;
  let saved: "in_place" | "new_version" | null = null;
  if (definition) {
    const version = await currentVersion(tx, who.tenantId, form);
    const changed = changedKinds(version.definition, definition);
    if (changed.length > 0) {
      throw unprocessable([
        invalidAttribute(
          DEFINITION_POINTER,
          `keeps the id of a field of another kind: ${changed.join(", ")}`,
          "kind_changed",
        ),
      ]);
    }
    if (form.status === "published" && !hasQuestions(definition)) throw noQuestions();
    // Compared as values: jsonb keeps an object's keys in its own order, so the stored
    // definition and the same one sent back differ as text.
    if (!isDeepStrictEqual(version.definition, JSON.parse(JSON.stringify(definition)))) {
      saved = await saveDefinition(tx, who, form, version, definition);
    }
  }
  const values: Partial<typeof forms.$inferInsert> = {};
  if (rest.title !== undefined) values.title = rest.title;
  if (rest.requires_sign_in !== undefined) values.requiresSignIn = rest.requires_sign_in;
  if (rest.confirmation_mail !== undefined) values.confirmationMail = rest.confirmation_mail;
  if (rest.retention_days !== undefined) values.retentionDays = rest.retention_days;
  if (Object.keys(values).length > 0 || definition) {
    await tx
      .update(forms)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(forms.tenantId, who.tenantId), eq(forms.id, form.id)));
  }
  const changed = (await findForm(tx, who.tenantId, form.id)) as TFormRow;
  // Only what differs, in the api's names; a request that changes nothing records nothing.
  const names: string[] = [];
  if (changed.title !== form.title) names.push("title");
  if (changed.requiresSignIn !== form.requiresSignIn) names.push("requires_sign_in");
  if (changed.confirmationMail !== form.confirmationMail) names.push("confirmation_mail");
  if (changed.retentionDays !== form.retentionDays) names.push("retention_days");
  if (saved) names.push("definition");
  if (names.length > 0) {
    const version = await currentVersion(tx, who.tenantId, changed);
    await auditForm(tx, who, changed, "form_updated", {
      changed: names,
      ...(saved ? { version: version.number, new_version: saved === "new_version" } : {}),
      ...(changed.title !== form.title ? { from_title: form.title } : {}),
    });
  }
  return changed;
}

async function saveDefinition(
  tx: AppDb,
  who: TWho,
  form: TFormRow,
  version: TVersionRow,
  definition: TFormDefinition,
): Promise<"in_place" | "new_version"> {
  if (!(await versionHasSubmissions(tx, who.tenantId, version.id))) {
    await tx
      .update(formVersions)
      .set({ definition, createdById: who.actorId, createdAt: new Date() })
      .where(and(eq(formVersions.tenantId, who.tenantId), eq(formVersions.id, version.id)));
    return "in_place";
  }
  const [next] = await tx
    .insert(formVersions)
    .values({
      tenantId: who.tenantId,
      formId: form.id,
      number: version.number + 1,
      definition,
      createdById: who.actorId,
    })
    .returning({ id: formVersions.id });
  await tx.update(forms).set({ currentVersionId: next.id }).where(eq(forms.id, form.id));
  return "new_version";
}

/** publish: a draft or closed form opens (it needs a question); close: a published one closes. */
export async function transitionForm(
  tx: AppDb,
  who: TWho,
  form: TFormRow,
  event: TFormEvent,
): Promise<TFormRow> {
  const to = event === "publish" ? "published" : "closed";
  const allowed = event === "publish" ? form.status !== "published" : form.status === "published";
  if (!allowed) {
    throw unprocessable([
      invalidAttribute(["event"], `cannot ${event} a ${form.status} form`, "invalid_transition"),
    ]);
  }
  if (event === "publish") {
    const version = await currentVersion(tx, who.tenantId, form);
    if (!hasQuestions(version.definition)) throw noQuestions();
  }
  await tx
    .update(forms)
    .set({ status: to, updatedAt: new Date() })
    .where(and(eq(forms.tenantId, who.tenantId), eq(forms.id, form.id)));
  await auditForm(tx, who, form, event === "publish" ? "form_published" : "form_closed", {
    from: form.status,
    to,
  });
  return (await findForm(tx, who.tenantId, form.id)) as TFormRow;
}

/** Deletes a form with its versions and submissions (the cascade); vacancies that asked it
 *  ask nothing. The entry keeps how many submissions went with it. */
export async function removeForm(tx: AppDb, who: TWho, form: TFormRow) {
  const submissions = await submissionCount(tx, who.tenantId, form.id);
  await tx.delete(forms).where(and(eq(forms.tenantId, who.tenantId), eq(forms.id, form.id)));
  await auditForm(tx, who, form, "form_deleted", { status: form.status, submissions });
}

/** Deletes one submission; the entry names it by id, never by its answers. */
export async function removeSubmission(
  tx: AppDb,
  who: TWho,
  form: TFormRow,
  submission: { id: number; formVersionId: number },
) {
  await tx
    .delete(formSubmissions)
    .where(and(eq(formSubmissions.tenantId, who.tenantId), eq(formSubmissions.id, submission.id)));
  await auditForm(tx, who, form, "form_submission_deleted", {
    submission_id: submission.id,
    form_version_id: submission.formVersionId,
  });
}

// --- Submissions ----------------------------------------------------------------------

/** The api's English text of a rule; the page shows its own from messages/ by the key. */
const ENGLISH: Record<TFieldError["key"], (p: Record<string, string | number>) => string> = {
  required: (p) => `${p.field} is required.`,
  invalid: (p) => `${p.field} is not valid.`,
  email: (p) => `${p.field} must be an e-mail address.`,
  phone: (p) => `${p.field} must be a phone number.`,
  number: (p) => `${p.field} must be a number.`,
  date: (p) => `${p.field} must be a date.`,
  option: (p) => `${p.field} must be one of the choices.`,
  minLength: (p) => `${p.field} must be at least ${p.min} characters.`,
  maxLength: (p) => `${p.field} must be at most ${p.max} characters.`,
  min: (p) => `${p.field} must be at least ${p.min}.`,
  max: (p) => `${p.field} must be at most ${p.max}.`,
  minDate: (p) => `${p.field} must be on or after ${p.min}.`,
  maxDate: (p) => `${p.field} must be on or before ${p.max}.`,
  minCount: (p) => `${p.field}: choose at least ${p.min}.`,
  maxCount: (p) => `${p.field}: choose at most ${p.max}.`,
};

/** The answers checked by the contract's validator, or a 422 with one item per field:
 *  pointer `<root>/answers/<field id>`, the rule's key as code, its params as meta. */
export function checkAnswers(
  definition: TFormDefinition,
  answers: TAnswers,
  locale: string,
  root = "/data/attributes",
): TAnswers {
  const { errors, clean } = validateAnswers(definition, answers, locale);
  const items: TErrorItem[] = Object.entries(errors).map(([id, error]) => ({
    source: { pointer: `${root}/answers/${id}` },
    detail: ENGLISH[error.key](error.params),
    code: error.key,
    meta: { params: error.params },
  }));
  if (items.length > 0) throw unprocessable(items);
  return clean;
}

export async function insertSubmission(
  tx: AppDb,
  values: {
    tenantId: number;
    formId: number;
    formVersionId: number;
    answers: TAnswers;
    respondentId: number | null;
    applicationId?: number | null;
    locale: TFormLocale;
  },
) {
  const [row] = await tx
    .insert(formSubmissions)
    .values({ ...values, applicationId: values.applicationId ?? null })
    .returning({
      id: formSubmissions.id,
      createdAt: formSubmissions.createdAt,
      locale: formSubmissions.locale,
    });
  return row;
}

/**
 * Takes a public submission of a published form's current version: validated, stored, and
 * confirmed by mail where the form asks, to the first e-mail answer or else the signed-in
 * respondent's address.
 */
export async function submitForm(
  tx: AppDb,
  params: {
    tenantId: number;
    form: TFormRow;
    answers: TAnswers;
    locale: TFormLocale;
    respondent: { id: number; email: string } | null;
  },
) {
  const { form, tenantId } = params;
  if (form.status !== "published") {
    throw new AppError("unprocessable_entity", "This form is closed.", {
      items: [{ detail: "This form is closed.", code: "form_closed", source: { pointer: "" } }],
    });
  }
  const version = await currentVersion(tx, tenantId, form);
  const clean = checkAnswers(version.definition, params.answers, params.locale);
  const row = await insertSubmission(tx, {
    tenantId,
    formId: form.id,
    formVersionId: version.id,
    answers: clean,
    respondentId: params.respondent?.id ?? null,
    locale: params.locale,
  });
  if (form.confirmationMail) {
    const emailField = inputFields(version.definition).find(
      (f) => f.kind === "email" && typeof clean[f.id] === "string",
    );
    const to = emailField ? (clean[emailField.id] as string) : params.respondent?.email;
    if (to) {
      await enqueueMail(tx, tenantId, {
        to,
        ...confirmationMail(
          params.locale,
          form.title,
          await tenantName(tx, tenantId),
          version.definition,
          clean,
        ),
      });
    }
  }
  return row;
}

const MAIL_TEXTS = {
  nl: {
    subject: (title: string) => `We hebben je antwoorden ontvangen: ${title}`,
    intro: (title: string) => `Bedankt voor het invullen van "${title}". Dit zijn je antwoorden:`,
    greeting: "Hallo,",
    yes: "ja",
    no: "nee",
  },
  en: {
    subject: (title: string) => `We received your answers: ${title}`,
    intro: (title: string) => `Thank you for filling in "${title}". These are your answers:`,
    greeting: "Hello,",
    yes: "yes",
    no: "no",
  },
} as const;

/** The confirmation: the form's title and the answers as the respondent gave them. */
export function confirmationMail(
  locale: TFormLocale,
  title: string,
  signature: string,
  definition: TFormDefinition,
  answers: TAnswers,
) {
  const texts = MAIL_TEXTS[locale];
  const lines = inputFields(definition)
    .filter((f) => answers[f.id] !== undefined)
    .map((f) => {
      const value = answers[f.id];
      const options = new Map(f.options?.map((o) => [o.value, inLocale(o.label, locale)]));
      const shown =
        typeof value === "boolean"
          ? value
            ? texts.yes
            : texts.no
          : Array.isArray(value)
            ? value.map((v) => options.get(v) ?? v).join(", ")
            : (options.get(String(value)) ?? String(value));
      return `${inLocale(f.label, locale)}: ${shown}`;
    });
  return renderMail({
    subject: texts.subject(title),
    greeting: texts.greeting,
    intro: [texts.intro(title), ...lines],
    outro: [],
    signature,
  });
}
