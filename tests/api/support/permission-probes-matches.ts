import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { volunteerProfiles } from "../../../backend/db/schema";
import type { TestApp } from "./app";
import { createUser } from "./factories";
import {
  aimed,
  byIdPublic,
  bySession,
  home,
  idsOf,
  sameAsHome,
  send,
  type TCall,
  type TOutcome,
  type TProbe,
} from "./permission-probes";
import type { TWorld } from "./permission-world";

/**
 * Request builders for the matches and the periodic mail's unsubscribe (docs/matching.md).
 * The matches serve only the caller ([own-only]): "another user's" is walked as the
 * caller's own answer. The unsubscribe's proof is the mailed token: every column, signed
 * out too, switches the mail off with it; another tenant's token is unknown (404).
 */

const ownOnly = (column: string) => (column === "signed out" ? 401 : 200);
const MATCHES = "/current_user/matches";

/** A volunteer with the weekly mail on and an unsubscribe token, in `world`. */
async function subscriber(t: TestApp, world: TWorld) {
  const db = t.database.db;
  const { id } = await createUser(db, world.tenant.id, { volunteerCenterId: world.C });
  const token = randomBytes(18).toString("base64url");
  await db.insert(volunteerProfiles).values({
    userId: id,
    tenantId: world.tenant.id,
    periodicMailFrequency: "weekly",
    periodicMailUnsubscribeToken: token,
  });
  return { id, token };
}

/** A standing subscriber per world, made before the other tenant's world is frozen. */
const standing = new Map<number, { id: number; token: string }>();
export async function prepareMatchProbes(t: TestApp, world: TWorld): Promise<void> {
  standing.set(world.tenant.id, await subscriber(t, world));
}

async function frequencyOf(call: TCall, userId: number) {
  const [row] = await call.t.database.db
    .select({ frequency: volunteerProfiles.periodicMailFrequency })
    .from(volunteerProfiles)
    .where(eq(volunteerProfiles.userId, userId));
  return row?.frequency;
}

/** The caller's own matches answer: a 200 list whose meta says what it was computed from. */
async function ownMatches(call: TCall, headers: Record<string, string>): Promise<TOutcome> {
  const res = await send(call, "GET", MATCHES, headers);
  const ok = res.statusCode === 200;
  return { status: res.statusCode, reached: ok && "reason" in (res.json().meta ?? {}) };
}

export const MATCH_PROBES: Record<string, TProbe> = {
  "matches.list | own matches": {
    run: (call) => ownMatches(call, aimed(call)),
    cross: bySession,
  },
  "matches.list | another user's matches": {
    // No request can name another user's matches: the answer is the caller's own, with
    // none of the other's vacancies (the world's people have no profiles, so none at all).
    async run(call) {
      const res = await send(call, "GET", MATCHES, home(call));
      return { status: res.statusCode, reached: idsOf(res).length > 0 };
    },
    refused: ownOnly,
    note: "[own-only]",
    cross: sameAsHome,
  },
  "periodic_mail.unsubscribe | any periodic mail, by mailed token": {
    async run(call) {
      const target = call.target.frozen
        ? standing.get(call.target.tenant.id)
        : await subscriber(call.t, call.target);
      if (!target) throw new Error("prepareMatchProbes did not run for this world");
      const res = await send(
        call,
        "POST",
        `/periodic_mail/unsubscribe?token=${encodeURIComponent(target.token)}`,
        home(call),
      );
      return { status: res.statusCode, reached: (await frequencyOf(call, target.id)) === "never" };
    },
    // Another tenant's token is not found: the same 404 as any unknown token.
    cross: byIdPublic,
  },
};
