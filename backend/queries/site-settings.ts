import { and, eq } from "drizzle-orm";
import { REPLY_NUDGE_DEFAULTS } from "../../lib/contract/reply-times";
import type { AppDb } from "../db/client";
import { organizations, siteSettings, type TSiteFooter, type TSiteTheme } from "../db/schema";

export type TSiteSettingsRow = {
  id: number;
  volunteerCenterId: number;
  theme: TSiteTheme;
  footer: TSiteFooter;
  replyNudgesEnabled: boolean;
  replyNudgeDays: number;
  replyEscalationDays: number;
  helpPostsPublic: boolean;
  reviewsNewVacancies: boolean;
  updatedAt: Date | null;
};

/** The columns a save may change besides theme and footer. */
export type TSiteSettingsFlags = {
  replyNudgesEnabled?: boolean;
  replyNudgeDays?: number;
  replyEscalationDays?: number;
  helpPostsPublic?: boolean;
  reviewsNewVacancies?: boolean;
};

/** The tenant's volunteer centre with this id, or undefined. */
export async function findCenter(db: AppDb, tenantId: number, id: number) {
  const [row] = await db
    .select()
    .from(organizations)
    .where(
      and(
        eq(organizations.tenantId, tenantId),
        eq(organizations.id, id),
        eq(organizations.type, "VolunteerCenter"),
      ),
    );
  return row;
}

/** A centre's settings; a centre that never saved any has the empty ones and the defaults
 *  (its id as id). */
export async function siteSettingsOf(
  db: AppDb,
  tenantId: number,
  centerId: number,
): Promise<TSiteSettingsRow> {
  const [row] = await db
    .select()
    .from(siteSettings)
    .where(and(eq(siteSettings.tenantId, tenantId), eq(siteSettings.volunteerCenterId, centerId)));
  return {
    id: centerId,
    volunteerCenterId: centerId,
    theme: row?.theme ?? {},
    footer: row?.footer ?? {},
    replyNudgesEnabled: row?.replyNudgesEnabled ?? REPLY_NUDGE_DEFAULTS.enabled,
    replyNudgeDays: row?.replyNudgeDays ?? REPLY_NUDGE_DEFAULTS.nudgeDays,
    replyEscalationDays: row?.replyEscalationDays ?? REPLY_NUDGE_DEFAULTS.escalationDays,
    helpPostsPublic: row?.helpPostsPublic ?? false,
    reviewsNewVacancies: row?.reviewsNewVacancies ?? false,
    updatedAt: row?.updatedAt ?? null,
  };
}

/** Insert or update the centre's row with the parts given. */
export async function saveSiteSettings(
  db: AppDb,
  tenantId: number,
  centerId: number,
  changes: { theme?: TSiteTheme; footer?: TSiteFooter } & TSiteSettingsFlags,
): Promise<TSiteSettingsRow> {
  await db
    .insert(siteSettings)
    .values({ tenantId, volunteerCenterId: centerId, ...changes })
    .onConflictDoUpdate({
      target: siteSettings.volunteerCenterId,
      set: { ...changes, updatedAt: new Date() },
    });
  return siteSettingsOf(db, tenantId, centerId);
}
