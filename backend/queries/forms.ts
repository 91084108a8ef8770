import { and, count, desc, eq, ilike, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { hasRoleIn, type TRoleRef } from "../auth/roles";
import type { AppDb } from "../db/client";
import { formSubmissions, forms, formVersions, organizations } from "../db/schema";

/** Plain reads and writes of forms, versions and submissions (docs/forms.md), each scoped to
 *  the tenant. */

export const FORM_COLUMNS = {
  id: forms.id,
  organizationId: forms.organizationId,
  volunteerCenterId: forms.volunteerCenterId,
  title: forms.title,
  status: forms.status,
  token: forms.token,
  requiresSignIn: forms.requiresSignIn,
  confirmationMail: forms.confirmationMail,
  retentionDays: forms.retentionDays,
  currentVersionId: forms.currentVersionId,
  createdAt: forms.createdAt,
  updatedAt: forms.updatedAt,
};
export type TFormRow = {
  id: number;
  organizationId: number;
  volunteerCenterId: number;
  title: string;
  status: "draft" | "published" | "closed";
  token: string;
  requiresSignIn: boolean;
  confirmationMail: boolean;
  retentionDays: number | null;
  currentVersionId: number | null;
  createdAt: Date;
  updatedAt: Date;
};

export async function findForm(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select(FORM_COLUMNS)
    .from(forms)
    .where(and(eq(forms.tenantId, tenantId), eq(forms.id, id)));
  return row as TFormRow | undefined;
}

export async function findFormByToken(db: AppDb, tenantId: number, token: string) {
  const [row] = await db
    .select(FORM_COLUMNS)
    .from(forms)
    .where(and(eq(forms.tenantId, tenantId), eq(forms.token, token)));
  return row as TFormRow | undefined;
}

/** The owner of a new form: an approved centre or organisation of the tenant, and its centre. */
export async function formOwner(db: AppDb, tenantId: number, organizationId: number) {
  const [row] = await db
    .select({
      id: organizations.id,
      type: organizations.type,
      volunteerCenterId: organizations.volunteerCenterId,
    })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, organizationId)));
  if (!row) return undefined;
  const centre = row.type === "VolunteerCenter" ? row.id : row.volunteerCenterId;
  return centre === null ? undefined : { organizationId: row.id, volunteerCenterId: centre };
}

/** The names of forms' owners (centres or organisations) by id, for `include=organization`. */
export async function formOwnerNames(db: AppDb, tenantId: number, ids: readonly number[]) {
  const found = new Map<number, { id: number; name: string }>();
  if (ids.length === 0) return found;
  const rows = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), inArray(organizations.id, [...new Set(ids)])));
  for (const row of rows) found.set(row.id, row);
  return found;
}

/**
 * The forms an actor manages, as a condition (undefined: all of the tenant's), as the
 * policy's managesForm reads it: superadmins and class-level admins all; a centre's admins
 * its own forms and its organisations'; an organisation's admins and members its own.
 */
export function managedFormScope(roles: readonly TRoleRef[]): SQL | undefined {
  if (hasRoleIn(roles, "superadmin")) return undefined;
  if (roles.some((r) => r.name === "admin" && r.resourceId === null && r.resourceType !== "Desk")) {
    return undefined;
  }
  const on = (names: string[]) =>
    roles
      .filter(
        (r) => names.includes(r.name) && r.resourceType === "Organization" && r.resourceId !== null,
      )
      .map((r) => r.resourceId as number);
  const staffOf = on(["admin", "member"]);
  const adminOf = on(["admin"]);
  const parts: SQL[] = [];
  if (adminOf.length > 0) parts.push(inArray(forms.volunteerCenterId, adminOf));
  if (staffOf.length > 0) {
    parts.push(
      and(
        inArray(forms.organizationId, staffOf),
        sql`${forms.organizationId} <> ${forms.volunteerCenterId}`,
      ) as SQL,
    );
  }
  return parts.length > 0 ? (or(...parts) as SQL) : sql`false`;
}

export async function listForms(
  db: AppDb,
  tenantId: number,
  params: { where: (SQL | undefined)[]; orderBy: SQL[]; limit: number; offset: number },
) {
  const where = and(eq(forms.tenantId, tenantId), ...params.where);
  const rows = (await db
    .select({
      ...FORM_COLUMNS,
      submissionCount: sql<number>`(select count(*)::int from ${formSubmissions} s where s.form_id = "forms"."id")`,
    })
    .from(forms)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset)) as (TFormRow & { submissionCount: number })[];
  const [{ total }] = await db.select({ total: count() }).from(forms).where(where);
  return { rows, records: total };
}

export async function submissionCount(db: AppDb, tenantId: number, formId: number) {
  const [{ total }] = await db
    .select({ total: count() })
    .from(formSubmissions)
    .where(and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.formId, formId)));
  return total;
}

export const VERSION_COLUMNS = {
  id: formVersions.id,
  formId: formVersions.formId,
  number: formVersions.number,
  definition: formVersions.definition,
  createdAt: formVersions.createdAt,
};

export async function findVersion(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select(VERSION_COLUMNS)
    .from(formVersions)
    .where(and(eq(formVersions.tenantId, tenantId), eq(formVersions.id, id)));
  return row;
}
export type TVersionRow = NonNullable<Awaited<ReturnType<typeof findVersion>>>;

export async function listVersions(db: AppDb, tenantId: number, formId: number) {
  return db
    .select({
      ...VERSION_COLUMNS,
      submissionCount: sql<number>`(select count(*)::int from ${formSubmissions} s where s.form_version_id = "form_versions"."id")`,
    })
    .from(formVersions)
    .where(and(eq(formVersions.tenantId, tenantId), eq(formVersions.formId, formId)))
    .orderBy(desc(formVersions.number));
}

export async function versionHasSubmissions(db: AppDb, tenantId: number, versionId: number) {
  const [row] = await db
    .select({ id: formSubmissions.id })
    .from(formSubmissions)
    .where(
      and(eq(formSubmissions.tenantId, tenantId), eq(formSubmissions.formVersionId, versionId)),
    )
    .limit(1);
  return row !== undefined;
}

export const SUBMISSION_COLUMNS = {
  id: formSubmissions.id,
  formId: formSubmissions.formId,
  formVersionId: formSubmissions.formVersionId,
  answers: formSubmissions.answers,
  respondentId: formSubmissions.respondentId,
  applicationId: formSubmissions.applicationId,
  locale: formSubmissions.locale,
  createdAt: formSubmissions.createdAt,
};

/** Search: the answers' text, case-insensitive (a name, an address, a word). */
export const submissionSearch = (q: string): SQL =>
  ilike(sql`${formSubmissions.answers}::text`, `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);

export async function listSubmissions(
  db: AppDb,
  tenantId: number,
  formId: number,
  params: { where: (SQL | undefined)[]; orderBy: SQL[]; limit: number; offset: number },
) {
  const where = and(
    eq(formSubmissions.tenantId, tenantId),
    eq(formSubmissions.formId, formId),
    ...params.where,
  );
  const rows = await db
    .select(SUBMISSION_COLUMNS)
    .from(formSubmissions)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const [{ total }] = await db.select({ total: count() }).from(formSubmissions).where(where);
  return { rows, records: total };
}
export type TSubmissionRow = Awaited<ReturnType<typeof listSubmissions>>["rows"][number];

export async function findSubmission(db: AppDb, tenantId: number, formId: number, id: number) {
  const [row] = await db
    .select(SUBMISSION_COLUMNS)
    .from(formSubmissions)
    .where(
      and(
        eq(formSubmissions.tenantId, tenantId),
        eq(formSubmissions.formId, formId),
        eq(formSubmissions.id, id),
      ),
    );
  return row;
}

/**
 * Deletes the submissions past their form's retention days, across tenants (the nightly job
 * runs as the owner, without row security): the number deleted.
 */
export async function deleteExpiredSubmissions(db: AppDb, now: Date): Promise<number> {
  const expired = await db
    .delete(formSubmissions)
    .where(
      inArray(
        formSubmissions.id,
        db
          .select({ id: formSubmissions.id })
          .from(formSubmissions)
          .innerJoin(forms, eq(forms.id, formSubmissions.formId))
          .where(
            and(
              sql`${forms.retentionDays} is not null`,
              lt(
                formSubmissions.createdAt,
                sql`${now.toISOString()}::timestamptz - make_interval(days => ${forms.retentionDays})`,
              ),
            ),
          ),
      ),
    )
    .returning({ id: formSubmissions.id });
  return expired.length;
}

/**
 * The answers given with these applications, with the questions of the version they
 * answered, by application id: `{form_id, form_version_id, definition, answers}`.
 */
export async function applicationAnswers(
  db: AppDb,
  tenantId: number,
  applicationIds: readonly number[],
) {
  // Snake-case keys: the value is an attribute's, which the serializer passes as it is.
  const found = new Map<
    number,
    { form_id: number; form_version_id: number; definition: unknown; answers: unknown }
  >();
  if (applicationIds.length === 0) return found;
  const rows = await db
    .select({
      applicationId: formSubmissions.applicationId,
      formId: formSubmissions.formId,
      formVersionId: formSubmissions.formVersionId,
      definition: formVersions.definition,
      answers: formSubmissions.answers,
    })
    .from(formSubmissions)
    .innerJoin(formVersions, eq(formVersions.id, formSubmissions.formVersionId))
    .where(
      and(
        eq(formSubmissions.tenantId, tenantId),
        inArray(formSubmissions.applicationId, [...applicationIds]),
      ),
    );
  for (const row of rows) {
    found.set(row.applicationId as number, {
      form_id: row.formId,
      form_version_id: row.formVersionId,
      definition: row.definition,
      answers: row.answers,
    });
  }
  return found;
}
