import { randomBytes } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { type AppDb, withTenant } from "../db/client";
import { organizations, tenants, users, volunteerProfiles } from "../db/schema";
import {
  amsterdamDate,
  duePeriods,
  firstMailSince,
  type TDuePeriod,
} from "../domain/periodic-mail-calendar";
import { templateFor } from "../mail/notification-templates/applicable";
import { mailLocale } from "../mail/templates/layout";
import { periodicMail } from "../mail/templates/periodic-mail";
import { findMatches, matchInputs } from "../queries/matches";
import { loadVacancies } from "../queries/vacancies";
import { mailJob } from "./mail";
import { enqueue } from "./queue";
import { tenantName } from "./recipient";
import { defineJob, PermanentJobError } from "./registry";
import type { TSchedule } from "./schedules";
import { siteOriginOf } from "./site-origin";

/**
 * The periodic mail of new vacancies that fit (docs/matching.md). Every day at 08:00 Dutch
 * time the plan job looks whether today is a send day (periodic-mail-calendar.ts: the first
 * working day of the week or the month) and, if so, enqueues one send job per volunteer who
 * asked for that frequency, keyed by user and period so a second plan of the same day adds
 * nothing. The send job reads the vacancies published since the last mail that match the
 * profile and mails them in the volunteer's language; with nothing new it sends nothing,
 * but moves the mark on, so the next mail does not reach back further.
 */

/** A mail lists at most this many; the best of the new ones. */
export const PERIODIC_MAIL_MAX_ITEMS = 20;

const FREQUENCIES = ["weekly", "monthly"] as const;

const ZSend = z
  .object({
    userId: z.number().int().positive(),
    frequency: z.enum(FREQUENCIES),
    period: z.string().min(1).max(40),
  })
  .strict();

type TTenantRow = {
  id: number;
  slug: string;
  defaultVolunteerCenterId: number | null;
  settings: Record<string, unknown>;
};

/** The centres whose vacancies the volunteer's site shows (queries/public-scope.ts). */
async function centresFor(tx: AppDb, tenant: TTenantRow, userCenterId: number | null) {
  if (tenant.settings.centreSharing !== true) {
    const own = userCenterId ?? tenant.defaultVolunteerCenterId;
    return own === null ? [] : [own];
  }
  const rows = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.tenantId, tenant.id),
        eq(organizations.type, "VolunteerCenter"),
        eq(organizations.status, "approved"),
      ),
    );
  return rows.map((row) => row.id);
}

async function tenantRow(db: AppDb, tenantId: number): Promise<TTenantRow | null> {
  const [row] = await db
    .select({
      id: tenants.id,
      slug: tenants.slug,
      defaultVolunteerCenterId: tenants.defaultVolunteerCenterId,
      settings: tenants.settings,
    })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  return (row as TTenantRow | undefined) ?? null;
}

export const periodicMailSendJob = defineJob({
  kind: "periodic_mail.send",
  payload: ZSend,
  async handler({ userId, frequency }, { db, job, now, config, log }) {
    if (job.tenantId === null) throw new PermanentJobError("a periodic mail needs a tenant");
    const tenantId = job.tenantId;
    const tenant = await tenantRow(db, tenantId);
    if (!tenant || tenant.settings.volunteerProfiles === false) return;
    await withTenant(db, tenantId, async (tx) => {
      const [person] = await tx
        .select({
          email: users.email,
          firstName: users.firstName,
          locale: users.locale,
          status: users.status,
          volunteerCenterId: users.volunteerCenterId,
          frequency: volunteerProfiles.periodicMailFrequency,
          sentThrough: volunteerProfiles.periodicMailSentThrough,
          token: volunteerProfiles.periodicMailUnsubscribeToken,
        })
        .from(volunteerProfiles)
        .innerJoin(users, eq(users.id, volunteerProfiles.userId))
        .where(and(eq(volunteerProfiles.tenantId, tenantId), eq(volunteerProfiles.userId, userId)));
      // Switched off or changed since the plan, or the account is gone: nothing to do.
      if (person?.status !== "active" || person.frequency !== frequency) return;
      const profileKey = and(
        eq(volunteerProfiles.tenantId, tenantId),
        eq(volunteerProfiles.userId, userId),
      );
      const since = person.sentThrough ?? firstMailSince(frequency, now);
      const found = await matchInputs(tx, tenantId, userId);
      const matches = found.inputs
        ? await findMatches(tx, {
            tenantId,
            centerIds: await centresFor(tx, tenant, person.volunteerCenterId),
            today: amsterdamDate(now),
            inputs: found.inputs,
            limit: PERIODIC_MAIL_MAX_ITEMS,
            publishedAfter: since,
            publishedThrough: now,
          })
        : [];
      // The mark moves on whether or not there was anything new: a second run of this job
      // finds nothing after it, and sends nothing twice.
      const token = person.token ?? randomBytes(24).toString("base64url");
      await tx
        .update(volunteerProfiles)
        .set({
          periodicMailSentThrough: now,
          ...(matches.length > 0 ? { periodicMailUnsubscribeToken: token } : {}),
        })
        .where(profileKey);
      if (matches.length === 0) return;

      const origin = siteOriginOf(config, tenant.slug);
      const rows = await loadVacancies(
        tx,
        tenantId,
        matches.map((m) => ({ id: m.id, distanceKm: null })),
        true,
      );
      const reasons = new Map(matches.map((m) => [m.id, m.reasons]));
      const unsubscribe = `${origin}/api/v1/periodic_mail/unsubscribe?token=${encodeURIComponent(token)}`;
      const locale = mailLocale(person.locale);
      const template = await templateFor(tx, tenantId, {
        centreId: person.volunteerCenterId,
        key: "periodic_mail",
        locale,
        log,
      });
      const mail = periodicMail({
        ...template,
        locale,
        frequency,
        firstName: person.firstName,
        tenantName: await tenantName(tx, tenantId),
        items: rows.map((row) => ({
          title: row.title,
          organizationName: row.organization?.name ?? null,
          url: `${origin}/vacancies/${row.id}`,
          reasons: reasons.get(row.id) ?? [],
        })),
        settingsUrl: `${origin}/profile-edit/periodieke-mail`,
        unsubscribeUrl: `${origin}/periodieke-mail/afmelden?token=${encodeURIComponent(token)}`,
      });
      const headers = {
        "List-Unsubscribe": `<${unsubscribe}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" as const,
      };
      // Due on this job's clock, like the send jobs the plan enqueues.
      await enqueue(tx, mailJob, { to: person.email, ...mail, headers }, { tenantId, runAt: now });
    });
  },
});

/** Enqueues the send jobs of `due` for one tenant; the number enqueued. */
async function planTenant(
  db: AppDb,
  tenantId: number,
  due: TDuePeriod[],
  now: Date,
): Promise<number> {
  return withTenant(db, tenantId, async (tx) => {
    const rows = await tx
      .select({
        userId: volunteerProfiles.userId,
        frequency: volunteerProfiles.periodicMailFrequency,
      })
      .from(volunteerProfiles)
      .innerJoin(users, eq(users.id, volunteerProfiles.userId))
      .where(
        and(
          eq(volunteerProfiles.tenantId, tenantId),
          inArray(
            volunteerProfiles.periodicMailFrequency,
            due.map((d) => d.frequency),
          ),
          eq(users.status, "active"),
        ),
      );
    let created = 0;
    for (const row of rows) {
      const period = due.find((d) => d.frequency === row.frequency);
      if (!period || row.frequency === "never") continue;
      const result = await enqueue(
        tx,
        periodicMailSendJob,
        { userId: row.userId, frequency: row.frequency, period: period.key },
        { tenantId, idempotencyKey: `periodic_mail:${row.userId}:${period.key}`, runAt: now },
      );
      if (result.created) created += 1;
    }
    return created;
  });
}

export const periodicMailPlanJob = defineJob({
  kind: "periodic_mail.plan",
  payload: z.object({}).strict(),
  async handler(_payload, { db, now, log }) {
    const due = duePeriods(amsterdamDate(now));
    if (due.length === 0) return;
    const rows = await db.select({ id: tenants.id, settings: tenants.settings }).from(tenants);
    for (const tenant of rows) {
      if ((tenant.settings as Record<string, unknown>).volunteerProfiles === false) continue;
      const created = await planTenant(db, tenant.id, due, now);
      if (created > 0) log.info({ tenantId: tenant.id, created }, "periodic mails planned");
    }
  },
});

/** 08:00 Dutch time every day; the plan job decides whether today is a send day. */
export const periodicMailSchedule: TSchedule = {
  name: "periodic_mail.daily",
  cron: "0 8 * * *",
  job: periodicMailPlanJob,
  payload: {},
};
