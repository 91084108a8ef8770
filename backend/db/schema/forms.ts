import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { TAnswers, TFormDefinition, TFormStatus } from "../../../lib/contract/forms";
import { applications } from "./applications";
import { tenantId, timestamps } from "./columns";
import { organizations } from "./organizations";
import { users } from "./users";

/**
 * Forms built by staff and filled in by anyone (docs/forms.md). A form is owned by a
 * centre or an organisation (`organization_id`; `volunteer_center_id` is the owner's
 * centre, the owner itself for a centre), reached publicly by its `token`, and answered
 * through its current version. A version is frozen from its first submission: a change
 * after that makes a new version, and every submission keeps the one it answered.
 */
export const forms = pgTable(
  "forms",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    organizationId: integer("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    volunteerCenterId: integer("volunteer_center_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    status: text("status").$type<TFormStatus>().notNull().default("draft"),
    /** The public address /forms/:token: random, so a form cannot be guessed by number. */
    token: text("token").notNull(),
    requiresSignIn: boolean("requires_sign_in").notNull().default(false),
    confirmationMail: boolean("confirmation_mail").notNull().default(false),
    /** Submissions older than this many days are deleted every night; null keeps them. */
    retentionDays: integer("retention_days"),
    /** Set in the transaction that creates the form; null only inside it. */
    currentVersionId: integer("current_version_id"),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("forms_token_idx").on(t.token),
    index("forms_tenant_owner_idx").on(t.tenantId, t.organizationId, t.id.desc()),
    index("forms_tenant_centre_idx").on(t.tenantId, t.volunteerCenterId, t.id.desc()),
    check("forms_status_check", sql`${t.status} in ('draft', 'published', 'closed')`),
    check(
      "forms_retention_days_check",
      sql`${t.retentionDays} is null or ${t.retentionDays} between 1 and 3650`,
    ),
  ],
);

/** One definition of a form, numbered from 1 per form. */
export const formVersions = pgTable(
  "form_versions",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    formId: integer("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    definition: jsonb("definition").$type<TFormDefinition>().notNull(),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("form_versions_form_number_idx").on(t.formId, t.number)],
);

/** One filled-in form: the answers to the version it was given, in the respondent's
 *  language; the respondent's account when they were signed in; the application when the
 *  form was a vacancy's questions. */
export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: serial("id").primaryKey(),
    tenantId: tenantId(),
    formId: integer("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    formVersionId: integer("form_version_id")
      .notNull()
      .references(() => formVersions.id, { onDelete: "restrict" }),
    answers: jsonb("answers").$type<TAnswers>().notNull(),
    respondentId: integer("respondent_id").references(() => users.id, { onDelete: "set null" }),
    applicationId: integer("application_id").references(() => applications.id, {
      onDelete: "cascade",
    }),
    locale: text("locale").notNull().default("nl"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("form_submissions_form_idx").on(t.tenantId, t.formId, t.createdAt.desc(), t.id.desc()),
    index("form_submissions_version_idx").on(t.formVersionId),
    uniqueIndex("form_submissions_application_idx")
      .on(t.applicationId)
      .where(sql`${t.applicationId} is not null`),
    index("form_submissions_respondent_idx").on(t.respondentId),
    check("form_submissions_locale_check", sql`${t.locale} in ('nl', 'en')`),
  ],
);
