import { and, eq, inArray } from "drizzle-orm";
import { describeClient, type TBrowser, type TOperatingSystem } from "../../auth/user-agent-client";
import type { AppDb } from "../client";
import { activityEvents, type TActivityAction, users } from "../schema";
import { SEED_USERS, seedEmail } from "./users";

// A few past account events per seeded user for the toolbar's activity panel (spec §2):
// what the auth code would have recorded, with the client in the account's language.
// Only accounts that could ever sign in: not the invitee (no password) and not the
// unconfirmed one.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type TSeedEvent = {
  action: TActivityAction;
  ageMs: number;
  client: [TBrowser, TOperatingSystem] | null;
  /** false: the system did it (actor null). */
  bySelf: boolean;
};

const FIREFOX_LINUX: [TBrowser, TOperatingSystem] = ["Firefox", "Linux"];

/** Everyone's, oldest first so ids rise with time. */
const EVERYONE: TSeedEvent[] = [
  { action: "password_changed", ageMs: 10 * DAY, client: FIREFOX_LINUX, bySelf: true },
  { action: "signed_in", ageMs: 2 * DAY, client: FIREFOX_LINUX, bySelf: true },
  { action: "signed_out", ageMs: 2 * DAY - 45 * MINUTE, client: FIREFOX_LINUX, bySelf: true },
  { action: "signed_in", ageMs: 3 * HOUR, client: ["Safari", "iOS"], bySelf: true },
];

/** The volunteer's account was also locked by someone guessing, and unlocked by mail. */
const LOCKOUT: TSeedEvent[] = [
  { action: "account_locked", ageMs: 5 * DAY, client: ["Chrome", "Windows"], bySelf: false },
  { action: "account_unlocked", ageMs: 5 * DAY - 15 * MINUTE, client: FIREFOX_LINUX, bySelf: true },
];

export function seedActivityEventsOf(localPart: string): TSeedEvent[] {
  const events = localPart === "volunteer" ? [...EVERYONE, ...LOCKOUT] : EVERYONE;
  return [...events].sort((a, b) => b.ageMs - a.ageMs);
}

const ACTIVE_ACCOUNTS = SEED_USERS.filter((user) => user.confirmed && !user.invited);

/**
 * The events of the tenant's seeded accounts that have none yet (events have no natural
 * key: an account with any event counts as seeded), in one insert. Times count back from
 * `now`, the seed's start. Returns how many rows it inserted.
 */
export async function seedActivityEvents(
  db: AppDb,
  tenantId: number,
  tenantSlug: string,
  now: Date,
): Promise<number> {
  const localParts = new Map(
    ACTIVE_ACCOUNTS.map((user) => [seedEmail(user.localPart, tenantSlug), user.localPart]),
  );
  const accounts = await db
    .select({ id: users.id, email: users.email, locale: users.locale })
    .from(users)
    .where(and(eq(users.tenantId, tenantId), inArray(users.email, [...localParts.keys()])));
  if (accounts.length === 0) return 0;
  const seeded = await db
    .selectDistinct({ userId: activityEvents.userId })
    .from(activityEvents)
    .where(
      and(
        eq(activityEvents.tenantId, tenantId),
        inArray(
          activityEvents.userId,
          accounts.map((account) => account.id),
        ),
      ),
    );
  const done = new Set(seeded.map((row) => row.userId));
  const values = accounts
    .filter((account) => !done.has(account.id))
    .flatMap((account) =>
      seedActivityEventsOf(localParts.get(account.email) ?? "").map((event) => ({
        tenantId,
        userId: account.id,
        actorId: event.bySelf ? account.id : null,
        action: event.action,
        client: event.client ? describeClient(...event.client, account.locale) : null,
        createdAt: new Date(now.getTime() - event.ageMs),
      })),
    );
  if (values.length === 0) return 0;
  const added = await db.insert(activityEvents).values(values).returning({ id: activityEvents.id });
  return added.length;
}
