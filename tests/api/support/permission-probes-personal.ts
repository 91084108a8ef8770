import { randomBytes } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { tokenDigest } from "../../../backend/auth/tokens";
import { calendarTokens, dataExports } from "../../../backend/db/schema";
import type { TestApp } from "./app";
import {
  aimed,
  answered,
  byId,
  byIdPublic,
  bySession,
  home,
  idsOf,
  own,
  send,
  type TCall,
  type TProbe,
} from "./permission-probes";
import type { TPerson, TWorld } from "./permission-world";

/**
 * Request builders for the calendar address and "download my data" (docs/calendar-feed.md,
 * docs/data-exports.md). Both serve only the caller; the feed has no session (its token is
 * the proof) and the download needs the token and its owner's session ([data-exports]).
 * Standing records are made before the walk freezes the other world: a calendar address of
 * `other`, and a ready export with a known token for every caller and for `other`.
 */

type TStanding = { calendar: string; exports: Map<number, { id: number; token: string }> };
const standing = new Map<number, TStanding>();

const tokenOf = () => randomBytes(32).toString("base64url");
const marker = (world: TWorld, userId: number) => `probe-${world.tenant.id}-${userId}`;

export async function preparePersonalProbes(t: TestApp, world: TWorld): Promise<void> {
  const db = t.database.db;
  const tenantId = world.tenant.id;
  const calendar = tokenOf();
  await db
    .insert(calendarTokens)
    .values({ tenantId, userId: world.other.id, tokenDigest: tokenDigest(calendar) });
  const exports = new Map<number, { id: number; token: string }>();
  const people: TPerson[] = [...Object.values(world.callers), world.other];
  for (const person of people) {
    if (exports.has(person.id)) continue;
    const token = tokenOf();
    const [row] = await db
      .insert(dataExports)
      .values({
        tenantId,
        userId: person.id,
        status: "ready",
        content: JSON.stringify({ probe: marker(world, person.id) }),
        tokenDigest: tokenDigest(token),
        readyAt: new Date(),
        expiresAt: new Date(Date.now() + 24 * 3600_000),
      })
      .returning({ id: dataExports.id });
    exports.set(person.id, { id: row.id, token });
  }
  standing.set(tenantId, { calendar, exports });
}

const of = (world: TWorld) => {
  const found = standing.get(world.tenant.id);
  if (!found) throw new Error("preparePersonalProbes was not run for this world");
  return found;
};

async function exportsCount(call: TCall, userId: number) {
  const [row] = await call.t.database.db
    .select({ n: count() })
    .from(dataExports)
    .where(and(eq(dataExports.tenantId, call.target.tenant.id), eq(dataExports.userId, userId)));
  return row?.n ?? 0;
}

async function calendarDigest(call: TCall, userId: number) {
  const [row] = await call.t.database.db
    .select({ digest: calendarTokens.tokenDigest })
    .from(calendarTokens)
    .where(eq(calendarTokens.userId, userId));
  return row?.digest ?? null;
}

const downloadUrl = (token: string) => `/data_exports/download?${new URLSearchParams({ token })}`;

export const PERSONAL_PROBES: Record<string, TProbe> = {
  "calendar_tokens.read | own calendar address": {
    run: async (call) =>
      answered(
        await send(call, "GET", "/calendar_tokens", aimed(call)),
        own(call.target, call.column).id,
      ),
    cross: bySession,
  },
  "calendar_tokens.manage | own calendar address": {
    async run(call) {
      const userId = own(call.target, call.column).id;
      const before = await calendarDigest(call, userId);
      const res = await send(call, "POST", "/calendar_tokens", aimed(call));
      const after = await calendarDigest(call, userId);
      return { status: res.statusCode, reached: after !== null && after !== before };
    },
    cross: bySession,
  },
  "calendar_feed.read | a calendar feed, by its token": {
    async run(call) {
      // Sent on the caller's own site with the target world's address.
      const res = await send(call, "GET", `/calendar/${of(call.target).calendar}.ics`, home(call));
      return { status: res.statusCode, reached: res.body.startsWith("BEGIN:VCALENDAR") };
    },
    cross: byIdPublic,
  },
  "data_exports.list | own data exports": {
    async run(call) {
      const userId = own(call.target, call.column).id;
      const res = await send(call, "GET", "/data_exports", aimed(call));
      const id = of(call.target).exports.get(userId)?.id ?? -1;
      return { status: res.statusCode, reached: idsOf(res).includes(id) };
    },
    cross: bySession,
  },
  "data_exports.create | own data export": {
    async run(call) {
      const userId = own(call.target, call.column).id;
      const before = await exportsCount(call, userId);
      const res = await send(call, "POST", "/data_exports", aimed(call));
      return { status: res.statusCode, reached: (await exportsCount(call, userId)) > before };
    },
    cross: bySession,
  },
  "data_exports.download | own data export, by mailed token": {
    async run(call) {
      const person = own(call.target, call.column);
      const token = of(call.target).exports.get(person.id)?.token ?? tokenOf();
      const res = await send(call, "GET", downloadUrl(token), aimed(call));
      return {
        status: res.statusCode,
        reached: res.body.includes(marker(call.target, person.id)),
      };
    },
    cross: bySession,
  },
  "data_exports.download | another user's data export, by mailed token": {
    async run(call) {
      const other = call.target.other;
      const token = of(call.target).exports.get(other.id)?.token ?? tokenOf();
      const res = await send(call, "GET", downloadUrl(token), home(call));
      return { status: res.statusCode, reached: res.body.includes(marker(call.target, other.id)) };
    },
    refused: (column) => (column === "signed out" ? 401 : 404),
    note: "[data-exports]",
    cross: byId,
  },
};
