import { and, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { AppDb } from "../db/client";
import { notificationTemplates, users } from "../db/schema";
import type { TTemplateKey, TTemplateText } from "../mail/notification-templates/registry";
import type { TLocale } from "../mail/templates/layout";

/**
 * The overrides of the notification templates (docs/notification-templates.md): what a
 * send reads (the one that applies) and what the back office lists and writes.
 */

export type TNotificationTemplateRow = typeof notificationTemplates.$inferSelect;

/**
 * The words to send for `kind` in `locale` to someone of `centreId`: the centre's own, else
 * the tenant's, else null (the default).
 */
export async function applicableTemplate(
  db: AppDb,
  tenantId: number,
  centreId: number | null,
  kind: TTemplateKey,
  locale: TLocale,
): Promise<TTemplateText | null> {
  const scope =
    centreId === null
      ? isNull(notificationTemplates.volunteerCenterId)
      : or(
          isNull(notificationTemplates.volunteerCenterId),
          eq(notificationTemplates.volunteerCenterId, centreId),
        );
  const rows = await db
    .select({
      subject: notificationTemplates.subject,
      body: notificationTemplates.body,
      centre: notificationTemplates.volunteerCenterId,
    })
    .from(notificationTemplates)
    .where(
      and(
        eq(notificationTemplates.tenantId, tenantId),
        eq(notificationTemplates.kind, kind),
        eq(notificationTemplates.locale, locale),
        scope,
      ),
    );
  const row = rows.find((r) => r.centre !== null) ?? rows[0];
  return row ? { subject: row.subject, body: row.body } : null;
}

/** The centre a user is registered with, for the template that applies to them. */
export async function centreOfUser(
  db: AppDb,
  tenantId: number,
  userId: number,
): Promise<number | null> {
  const [row] = await db
    .select({ centre: users.volunteerCenterId })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
  return row?.centre ?? null;
}

/**
 * One page of the overrides a reader sees: the tenant's (null scope) and those of
 * `centreIds`, or all of them ("all", a superadmin).
 */
export async function listNotificationTemplates(
  db: AppDb,
  tenantId: number,
  params: {
    centreIds: readonly number[] | "all";
    where?: SQL;
    orderBy: SQL[];
    limit: number;
    offset: number;
  },
) {
  const visible =
    params.centreIds === "all"
      ? undefined
      : or(
          isNull(notificationTemplates.volunteerCenterId),
          params.centreIds.length > 0
            ? inArray(notificationTemplates.volunteerCenterId, [...params.centreIds])
            : sql`false`,
        );
  const where = and(eq(notificationTemplates.tenantId, tenantId), visible, params.where);
  const rows = await db
    .select()
    .from(notificationTemplates)
    .where(where)
    .orderBy(...params.orderBy)
    .limit(params.limit)
    .offset(params.offset);
  const records = await db.$count(notificationTemplates, where);
  return { rows, records };
}

export async function findNotificationTemplate(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(notificationTemplates)
    .where(and(eq(notificationTemplates.tenantId, tenantId), eq(notificationTemplates.id, id)));
  return row ?? null;
}

/** The override of one scope, kind and language, if there is one (one per scope). */
export async function findTemplateOfScope(
  db: AppDb,
  tenantId: number,
  scope: { centreId: number | null; kind: string; locale: TLocale },
) {
  const [row] = await db
    .select({ id: notificationTemplates.id })
    .from(notificationTemplates)
    .where(
      and(
        eq(notificationTemplates.tenantId, tenantId),
        eq(notificationTemplates.kind, scope.kind),
        eq(notificationTemplates.locale, scope.locale),
        scope.centreId === null
          ? isNull(notificationTemplates.volunteerCenterId)
          : eq(notificationTemplates.volunteerCenterId, scope.centreId),
      ),
    );
  return row ?? null;
}

export async function insertNotificationTemplate(
  db: AppDb,
  values: Omit<typeof notificationTemplates.$inferInsert, "id" | "createdAt" | "updatedAt">,
): Promise<TNotificationTemplateRow> {
  const [row] = await db.insert(notificationTemplates).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export async function updateNotificationTemplate(
  db: AppDb,
  tenantId: number,
  id: number,
  values: Partial<Pick<TNotificationTemplateRow, "subject" | "body" | "updatedById">>,
  now: Date,
): Promise<TNotificationTemplateRow> {
  const [row] = await db
    .update(notificationTemplates)
    .set({ ...values, updatedAt: now })
    .where(and(eq(notificationTemplates.tenantId, tenantId), eq(notificationTemplates.id, id)))
    .returning();
  if (!row) throw new Error("update returned no row");
  return row;
}

export async function deleteNotificationTemplate(db: AppDb, tenantId: number, id: number) {
  await db
    .delete(notificationTemplates)
    .where(and(eq(notificationTemplates.tenantId, tenantId), eq(notificationTemplates.id, id)));
}
