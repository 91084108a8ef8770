import { stringify } from "csv-stringify/sync";
import { desc } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import {
  FORM_LOCALES,
  FORM_STATUSES,
  HONEYPOT_FIELD,
  inLocale,
  inputFields,
  type TAnswer,
  type TFormDefinition,
  type TFormLocale,
  ZFormAttributes,
  ZFormChanges,
  ZFormTransition,
  ZSubmissionAttributes,
} from "../../lib/contract/forms";
import { csvDelimiter, defuseCell } from "../../lib/csv/cells";
import { consumeAll, sharedLimiters } from "../auth/rate-limit";
import type { AppDb } from "../db/client";
import { formSubmissions, forms } from "../db/schema";
import { AppError, notFound } from "../errors";
import { defineRoute } from "../http/define-route";
import { listDocument } from "../http/documents";
import {
  attributesBody,
  documentQuery,
  listQuery,
  pathParams,
  type TListSpec,
  type TParsedList,
  ZPathId,
} from "../http/inputs";
import { bracketGroup, type TQuery } from "../jsonapi/query";
import { serialize, type TResource } from "../jsonapi/serializer";
import { invalidAttribute, unprocessable } from "../jsonapi/validation";
import { authorize, type TActor, type TFormFacts } from "../policies/policy";
import {
  submissionCount as countOf,
  findForm,
  findFormByToken,
  findSubmission,
  formOwner,
  formOwnerNames,
  listForms,
  listSubmissions,
  listVersions,
  managedFormScope,
  submissionSearch,
  type TFormRow,
} from "../queries/forms";
import {
  auditForm,
  changeForm,
  createForm,
  currentVersion,
  removeForm,
  removeSubmission,
  submitForm,
  transitionForm,
} from "../services/forms";

/**
 * /api/v1/forms (docs/forms.md). Those who manage a form (its centre's admins; the admins
 * and members of the organisation that owns it; superadmins) build, publish, close and
 * delete it and read, export and delete its submissions. A published form is public by its
 * token: GET /forms/:token reads its current version and POST /forms/:token/submissions
 * fills it in, signed in where the form asks. `:id` and `:token` share the path: digits are
 * an id, a token is 22 characters of base64url.
 */

/** A form's owner, a centre or an organisation (a centre is an organisation too): its name,
 *  so a list of forms names who owns each without a lookup per row. */
const formOwnerResource: TResource = { type: "organization", attributes: ["name"] };
const FORM_INCLUDES = ["organization"] as const;

export const formResource: TResource = {
  type: "forms",
  attributes: [
    "title",
    "status",
    "token",
    "organizationId",
    "volunteerCenterId",
    "requiresSignIn",
    "confirmationMail",
    "retentionDays",
    "currentVersionId",
    "versionNumber",
    "definition",
    "submissionCount",
    "createdAt",
    "updatedAt",
  ],
  relationships: {
    organization: { kind: "one", resource: () => formOwnerResource, idField: "organizationId" },
  },
};
/** What a visitor reads: the form's title and the current version's questions. */
export const publicFormResource: TResource = {
  type: "forms",
  attributes: ["title", "status", "token", "requiresSignIn", "currentVersionId", "definition"],
};
export const formVersionResource: TResource = {
  type: "form_versions",
  attributes: ["formId", "number", "definition", "submissionCount", "createdAt"],
};
export const formSubmissionResource: TResource = {
  type: "form_submissions",
  attributes: [
    "formId",
    "formVersionId",
    "answers",
    "respondentId",
    "applicationId",
    "locale",
    "createdAt",
  ],
};
const receiptResource: TResource = {
  type: "form_submissions",
  attributes: ["locale", "createdAt"],
};

const TYPES = ["forms", "form"];
const ZToken = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
const ZIdParams = z.object({ id: ZPathId });
const ZIdOrToken = z.object({ id: z.union([ZPathId, ZToken]) });
const ZTokenParams = z.object({ id: ZToken });
const ZSubmissionParams = z.object({ id: ZPathId, submission_id: ZPathId });

const formFacts = (form: TFormRow): TFormFacts => ({
  organizationId: form.organizationId,
  volunteerCenterId: form.volunteerCenterId,
});

/** The facts the list's policy is asked about: some organisation the actor holds a role on
 *  (the query narrows the list to what they manage), or none (id 0: refused). */
function someFormFacts(actor: NonNullable<TActor>): TFormFacts {
  const role = actor.roles.find(
    (r) => (r.name === "admin" || r.name === "member") && r.resourceType === "Organization",
  );
  const id = role?.resourceId ?? 0;
  // A member's organisation stands for itself; an admin's may be a centre.
  return { organizationId: id, volunteerCenterId: role?.name === "admin" ? id : -1 };
}

async function managedForm(tx: AppDb, tenantId: number, id: number) {
  const form = await findForm(tx, tenantId, id);
  if (!form) throw notFound();
  return form;
}

/** The rows with their owner loaded when `include` asks for it (else its linkage only). */
async function withOwners<T extends TFormRow>(
  tx: AppDb,
  tenantId: number,
  rows: T[],
  include: readonly string[],
): Promise<T[]> {
  if (!include.includes("organization")) return rows;
  const owners = await formOwnerNames(
    tx,
    tenantId,
    rows.map((row) => row.organizationId),
  );
  return rows.map((row) => ({ ...row, organization: owners.get(row.organizationId) ?? null }));
}

async function present(tx: AppDb, tenantId: number, form: TFormRow, count?: number) {
  const version = await currentVersion(tx, tenantId, form);
  return {
    ...form,
    versionNumber: version.number,
    definition: version.definition,
    ...(count === undefined ? {} : { submissionCount: count }),
  };
}

const mustExist = (attribute: string) =>
  unprocessable([invalidAttribute([attribute], "must exist", "required")]);

const shown = (
  definition: TFormDefinition,
  id: string,
  value: TAnswer | undefined,
  locale: string,
) => {
  if (value === undefined || value === null) return "";
  const field = inputFields(definition).find((f) => f.id === id);
  const label = (v: string) =>
    inLocale(field?.options?.find((o) => o.value === v)?.label, locale) || v;
  if (typeof value === "boolean") return value ? "1" : "0";
  if (Array.isArray(value)) return value.map(label).join("; ");
  return field?.options ? label(String(value)) : String(value);
};

/**
 * An export's selection as the audit entry keeps it: the filters on version, language, date
 * and id, and the order. The search text is left out, only whether there was one: it is
 * words from the answers (a name, an address), and the log never holds answers.
 */
function exportSelection(query: TParsedList) {
  const { q, ...filters } = bracketGroup(query.raw as TQuery, "filter");
  const sort = query.raw.sort;
  return {
    filters,
    search: typeof q === "string" ? q.trim() !== "" : q !== undefined,
    sort: typeof sort === "string" ? sort : null,
  };
}

export async function formRoutes(app: FastifyInstance) {
  const limiters = sharedLimiters(app);

  defineRoute(app, {
    method: "GET",
    url: "/forms",
    summary: "The forms the caller manages, in every status, with their number of submissions",
    auth: "signed_in",
    query: listQuery({
      resource: formResource,
      include: FORM_INCLUDES,
      filter: {
        id: forms.id,
        status: forms.status,
        title: forms.title,
        organization_id: forms.organizationId,
        volunteer_center_id: forms.volunteerCenterId,
      },
      filterEnums: { status: FORM_STATUSES },
      sort: { title: forms.title, created_at: forms.createdAt, updated_at: forms.updatedAt },
      defaultOrder: [desc(forms.updatedAt), desc(forms.id)],
      tieBreaker: forms.id,
    }),
    action: "forms.list",
    facts: ({ actor }) => someFormFacts(actor),
    response: { resource: formResource, many: true },
    handler: async ({ tx, tenant, session, query, request }) => {
      const { rows, records } = await listForms(tx, tenant.id, {
        where: [managedFormScope(session.roles), query.where],
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      const loaded = await withOwners(tx, tenant.id, rows, query.include);
      return listDocument(request, formResource, query, loaded, records);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/forms/:id",
    summary:
      "A form: by id to those who manage it (any status); by token to anyone (published only, its current questions)",
    auth: "optional",
    params: pathParams(ZIdOrToken),
    query: documentQuery(formResource, FORM_INCLUDES),
    // Who may read depends on how it is asked: checked in `load` (forms.read for an id).
    action: "forms.read_public",
    facts: () => ({}),
    load: async ({ tx, tenant, params, actor }) => {
      if (typeof params.id === "number") {
        const form = await managedForm(tx, tenant.id, params.id);
        authorize(actor, "forms.read", formFacts(form));
        return { form, managed: true };
      }
      const form = await findFormByToken(tx, tenant.id, params.id);
      if (!form || form.status === "draft") throw notFound();
      return { form, managed: false };
    },
    response: { resource: formResource, many: false },
    handler: async ({ tx, tenant, query }, { form, managed }) => {
      if (!managed) {
        // The owner is the builder's business: a visitor's include names a relationship
        // the public form does not have (a 400).
        return serialize(publicFormResource, await present(tx, tenant.id, form), query);
      }
      const [owned] = await withOwners(tx, tenant.id, [form], query.include);
      return serialize(
        formResource,
        await present(tx, tenant.id, owned, await countOf(tx, tenant.id, form.id)),
        query,
      );
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/forms",
    summary: "Build a form of a centre or organisation (a draft; its first version)",
    auth: "signed_in",
    body: attributesBody(ZFormAttributes, { types: TYPES }),
    // The owner first: another tenant's is a 422 for everyone, before the policy could tell
    // whether the caller manages it.
    load: async ({ tx, tenant, body }) => {
      const owner = await formOwner(tx, tenant.id, body.organization_id);
      if (!owner) throw mustExist("organization_id");
      return owner;
    },
    action: "forms.create",
    facts: (_ctx, owner) => owner,
    status: 201,
    response: { resource: formResource, many: false },
    handler: async ({ tx, tenant, actor, body }, owner) => {
      const form = await createForm(tx, { tenantId: tenant.id, actorId: actor.id }, body, owner);
      return serialize(formResource, await present(tx, tenant.id, form, 0));
    },
  });

  defineRoute(app, {
    method: "PATCH",
    url: "/forms/:id",
    summary:
      "Change a form: title, settings, definition (a new version once the current one has submissions)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: attributesBody(ZFormChanges, { types: TYPES, idParam: "id" }),
    bodyAfterPolicy: true,
    load: ({ tx, tenant, params }) => managedForm(tx, tenant.id, params.id),
    action: "forms.update",
    facts: (_ctx, form) => formFacts(form),
    response: { resource: formResource, many: false },
    handler: async ({ tx, tenant, actor, body }, form) => {
      const changed = await changeForm(tx, { tenantId: tenant.id, actorId: actor.id }, form, body);
      return serialize(
        formResource,
        await present(tx, tenant.id, changed, await countOf(tx, tenant.id, form.id)),
      );
    },
  });

  defineRoute(app, {
    method: "PUT",
    url: "/forms/:id/transition",
    summary: "Publish a form (it needs a question) or close it",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    body: attributesBody(ZFormTransition, { types: TYPES, idParam: "id" }),
    bodyAfterPolicy: true,
    load: ({ tx, tenant, params }) => managedForm(tx, tenant.id, params.id),
    action: "forms.update",
    facts: (_ctx, form) => formFacts(form),
    response: { resource: formResource, many: false },
    handler: async ({ tx, tenant, actor, body }, form) => {
      const who = { tenantId: tenant.id, actorId: actor.id };
      const changed = await transitionForm(tx, who, form, body.event);
      return serialize(
        formResource,
        await present(tx, tenant.id, changed, await countOf(tx, tenant.id, form.id)),
      );
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/forms/:id",
    summary: "Delete a form with its versions and submissions (vacancies that asked it ask none)",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: ({ tx, tenant, params }) => managedForm(tx, tenant.id, params.id),
    action: "forms.delete",
    facts: (_ctx, form) => formFacts(form),
    status: 204,
    handler: async ({ tx, tenant, actor }, form) => {
      await removeForm(tx, { tenantId: tenant.id, actorId: actor.id }, form);
      return null;
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/forms/:id/form_versions",
    summary: "A form's versions, newest first, each with its number of submissions",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    load: ({ tx, tenant, params }) => managedForm(tx, tenant.id, params.id),
    action: "forms.read",
    facts: (_ctx, form) => formFacts(form),
    response: { resource: formVersionResource, many: true },
    handler: async ({ tx, tenant }, form) =>
      serialize(formVersionResource, await listVersions(tx, tenant.id, form.id)),
  });

  // --- Submissions ----------------------------------------------------------------------

  // The list and its CSV export read one query (filters, search, order), so the file holds
  // exactly the rows the list pages through with the same parameters.
  const submissionFilters: TListSpec = {
    resource: formSubmissionResource,
    filter: {
      id: formSubmissions.id,
      form_version_id: formSubmissions.formVersionId,
      locale: formSubmissions.locale,
      created_at: formSubmissions.createdAt,
      application_id: formSubmissions.applicationId,
    },
    filterEnums: { locale: FORM_LOCALES },
    extraFilters: ["q"],
    sort: { created_at: formSubmissions.createdAt },
    defaultOrder: [desc(formSubmissions.createdAt), desc(formSubmissions.id)],
    tieBreaker: formSubmissions.id,
  };
  const submissionList = listQuery(submissionFilters);
  // `locale` (top level) is the language of the file's headers, not the filter[locale_*]
  // on the submissions' own language.
  const submissionExport = listQuery({
    ...submissionFilters,
    parameters: { locale: z.enum(FORM_LOCALES).optional() },
  });

  const submissionWhere = (query: TParsedList) => {
    const q = typeof query.extra.q === "string" ? query.extra.q.trim().slice(0, 200) : "";
    return [query.where, q ? submissionSearch(q) : undefined];
  };

  defineRoute(app, {
    method: "GET",
    url: "/forms/:id/form_submissions",
    summary:
      "A form's submissions, newest first; filter by version, language, date; q searches the answers",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: submissionList,
    load: ({ tx, tenant, params }) => managedForm(tx, tenant.id, params.id),
    action: "form_submissions.list",
    facts: (_ctx, form) => formFacts(form),
    response: { resource: formSubmissionResource, many: true },
    handler: async ({ tx, tenant, query, request }, form) => {
      const { rows, records } = await listSubmissions(tx, tenant.id, form.id, {
        where: submissionWhere(query),
        orderBy: query.orderBy,
        limit: query.page.size,
        offset: query.page.offset,
      });
      return listDocument(request, formSubmissionResource, query, rows, records);
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/forms/:id/form_submissions.csv",
    summary:
      "A form's submissions as CSV (UTF-8 with BOM; the columns of the current version's questions), narrowed as the list is",
    auth: "signed_in",
    params: pathParams(ZIdParams),
    query: submissionExport,
    load: ({ tx, tenant, params }) => managedForm(tx, tenant.id, params.id),
    action: "form_submissions.list",
    facts: (_ctx, form) => formFacts(form),
    contentType: "text/csv; charset=utf-8",
    handler: async ({ tx, tenant, actor, query, reply }, form) => {
      const locale = (query.parameters.locale as TFormLocale | undefined) ?? "nl";
      const version = await currentVersion(tx, tenant.id, form);
      // Every matching row: the file is the whole selection, so `page` is not read.
      const { rows } = await listSubmissions(tx, tenant.id, form.id, {
        where: submissionWhere(query),
        orderBy: query.orderBy,
        limit: 100_000,
        offset: 0,
      });
      const questions = inputFields(version.definition);
      const header = [
        "id",
        locale === "nl" ? "ingevuld op" : "submitted at",
        locale === "nl" ? "versie" : "version",
        locale === "nl" ? "taal" : "language",
        ...questions.map((f) => inLocale(f.label, locale)),
      ];
      const records = rows.map((row) => [
        String(row.id),
        row.createdAt.toISOString(),
        String(row.formVersionId),
        row.locale,
        ...questions.map((f) =>
          defuseCell(shown(version.definition, f.id, row.answers[f.id], locale)),
        ),
      ]);
      // Personal data leaves the system: who took which selection, and how many rows.
      await auditForm(
        tx,
        { tenantId: tenant.id, actorId: actor.id },
        form,
        "form_submissions_exported",
        { ...exportSelection(query), locale, rows: rows.length },
      );
      reply.header("content-disposition", `attachment; filename="form-${form.id}-submissions.csv"`);
      return stringify(records, {
        bom: true,
        delimiter: csvDelimiter(locale),
        record_delimiter: "windows",
        header: true,
        columns: header.map(defuseCell),
      });
    },
  });

  defineRoute(app, {
    method: "GET",
    url: "/forms/:id/form_submissions/:submission_id",
    summary: "One submission with the version it answered",
    auth: "signed_in",
    params: pathParams(ZSubmissionParams),
    query: documentQuery(formSubmissionResource),
    load: async ({ tx, tenant, params }) => {
      const form = await managedForm(tx, tenant.id, params.id);
      return {
        form,
        submission: await findSubmission(tx, tenant.id, form.id, params.submission_id),
      };
    },
    action: "form_submissions.read",
    facts: (_ctx, { form }) => formFacts(form),
    response: { resource: formSubmissionResource, many: false },
    handler: async ({ query }, { submission }) => {
      if (!submission) throw notFound();
      return serialize(formSubmissionResource, submission, query);
    },
  });

  defineRoute(app, {
    method: "DELETE",
    url: "/forms/:id/form_submissions/:submission_id",
    summary: "Delete one submission",
    auth: "signed_in",
    params: pathParams(ZSubmissionParams),
    load: async ({ tx, tenant, params }) => {
      const form = await managedForm(tx, tenant.id, params.id);
      return {
        form,
        submission: await findSubmission(tx, tenant.id, form.id, params.submission_id),
      };
    },
    action: "form_submissions.delete",
    facts: (_ctx, { form }) => formFacts(form),
    status: 204,
    handler: async ({ tx, tenant, actor }, { form, submission }) => {
      if (!submission) throw notFound();
      await removeSubmission(tx, { tenantId: tenant.id, actorId: actor.id }, form, submission);
      return null;
    },
  });

  defineRoute(app, {
    method: "POST",
    url: "/forms/:id/submissions",
    summary:
      "Fill in a published form by its token (signed in where it asks); answers checked as the page checks them",
    auth: "optional",
    // Every attempt counts, valid or not, so the limit comes before the inputs.
    beforeInputs: async (request) => {
      const wait = await consumeAll([[limiters.formSubmissionsPerIp, request.ip]]);
      if (wait !== null) {
        throw new AppError("too_many_requests", "Too many submissions. Try again later.", {
          headers: { "retry-after": String(wait) },
        });
      }
    },
    params: pathParams(ZTokenParams),
    body: attributesBody(ZSubmissionAttributes, { types: ["form_submissions", "form_submission"] }),
    load: async ({ tx, tenant, params }) => {
      const form = await findFormByToken(tx, tenant.id, params.id);
      if (!form || form.status === "draft") throw notFound();
      return form;
    },
    action: "form_submissions.create",
    facts: (_ctx, form) => ({ requiresSignIn: form.requiresSignIn }),
    status: 201,
    response: { resource: receiptResource, many: false },
    handler: async ({ tx, tenant, session, body }, form) => {
      const locale = body.locale ?? "nl";
      // A robot fills in every field, the hidden one too: it hears the same success and
      // nothing is stored or mailed.
      if (body[HONEYPOT_FIELD]?.trim()) {
        return serialize(receiptResource, { id: "0", locale, createdAt: new Date() });
      }
      const row = await submitForm(tx, {
        tenantId: tenant.id,
        form,
        answers: body.answers,
        locale,
        respondent: session ? { id: session.user.id, email: session.user.email } : null,
      });
      return serialize(receiptResource, row);
    },
  });
}
