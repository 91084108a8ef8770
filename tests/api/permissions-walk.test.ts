import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./support/app";
import { NO_RATE_LIMITS } from "./support/auth";
import {
  defaultRefusal,
  type TExpect,
  type TLookup,
  type TOutcome,
  type TProbe,
} from "./support/permission-probes";
import { ACTIVITY_PROBES } from "./support/permission-probes-activities";
import { ACTIVITY_WRITE_PROBES } from "./support/permission-probes-activity-writes";
import { APPLICATION_PROBES, CONVERSATION_PROBES } from "./support/permission-probes-applications";
import { CONTENT_PROBES, prepareContentProbes } from "./support/permission-probes-content";
import { CONTENT_WRITE_PROBES } from "./support/permission-probes-content-writes";
import { FORM_PROBES } from "./support/permission-probes-forms";
import { HELP_POST_PROBES } from "./support/permission-probes-help-posts";
import { JOB_PROBES } from "./support/permission-probes-jobs";
import { MATCH_PROBES, prepareMatchProbes } from "./support/permission-probes-matches";
import { ORGANIZATION_PROBES } from "./support/permission-probes-organizations";
import { OWN_PROBES } from "./support/permission-probes-own";
import { PERSONAL_PROBES, preparePersonalProbes } from "./support/permission-probes-personal";
import { POOL_PROBES } from "./support/permission-probes-pool";
import { PROFILE_PROBES } from "./support/permission-probes-profile";
import { REGISTRATION_PROBES } from "./support/permission-probes-registrations";
import { REPLY_TIME_PROBES } from "./support/permission-probes-reply-times";
import { SOCIAL_MAP_PROBES } from "./support/permission-probes-social-map";
import { TAG_PROBES } from "./support/permission-probes-tags";
import { USER_PROBES } from "./support/permission-probes-users";
import { VACANCY_PROBES } from "./support/permission-probes-vacancies";
import { VACANCY_WRITE_PROBES } from "./support/permission-probes-vacancy-writes";
import { buildWorld, type TWorld } from "./support/permission-world";
import {
  COLUMNS,
  PERMISSIONS_DOC,
  readMatrix,
  rowKey,
  type TColumn,
} from "./support/permissions-doc";
import { type TSnapshot, tenantSnapshot } from "./support/tenant-snapshot";

// This test walks the whole table through the api. Every row of the matrix
// in docs/permissions.md, for every column, as a real request with real auth headers:
// ✓ must answer 2xx and reach the resource, ✗ must refuse as the page's notes say and leave
// it alone. The same request aimed at the other tenant's resource must find nothing, for
// every column, superadmins included; and nothing of that tenant may change at all.

const PROBES: Record<string, TProbe> = {
  ...OWN_PROBES,
  ...ORGANIZATION_PROBES,
  ...USER_PROBES,
  ...ACTIVITY_PROBES,
  ...ACTIVITY_WRITE_PROBES,
  ...VACANCY_PROBES,
  ...VACANCY_WRITE_PROBES,
  ...CONTENT_PROBES,
  ...CONTENT_WRITE_PROBES,
  ...SOCIAL_MAP_PROBES,
  ...JOB_PROBES,
  ...HELP_POST_PROBES,
  ...REGISTRATION_PROBES,
  ...REPLY_TIME_PROBES,
  ...APPLICATION_PROBES,
  ...CONVERSATION_PROBES,
  ...PROFILE_PROBES,
  ...PERSONAL_PROBES,
  ...POOL_PROBES,
  ...MATCH_PROBES,
  ...TAG_PROBES,
  ...FORM_PROBES,
};
const MATRIX = readMatrix();
const DOC = readFileSync(PERMISSIONS_DOC, "utf8");

const lookup: TLookup = (action, resource, column) => {
  const row = MATRIX.find((r) => r.action === action && r.resource === resource);
  if (!row) throw new Error(`docs/permissions.md has no row ${action} | ${resource}`);
  return row.marks[column];
};

let t: TestApp;
let A: TWorld;
let B: TWorld;
let before: TSnapshot;

beforeAll(async () => {
  t = await createTestApp({ TOKEN_ROTATION: "false" }, { auth: { rateLimits: NO_RATE_LIMITS } });
  // The same addresses in both tenants: one prefix for the two worlds.
  const prefix = `walk-${randomBytes(3).toString("hex")}`;
  A = await buildWorld(t, prefix);
  B = { ...(await buildWorld(t, prefix)), frozen: true };
  for (const world of [A, B]) {
    await prepareContentProbes(t, world);
    await preparePersonalProbes(t, world);
    await prepareMatchProbes(t, world);
  }
  before = await tenantSnapshot(t.database.db, B.tenant.id);
});

afterAll(async () => {
  await t?.close();
});

const fits = (outcome: TOutcome, want: TExpect) =>
  want === "2xx" ? outcome.status >= 200 && outcome.status < 300 : outcome.status === want;

describe("docs/permissions.md through the api", () => {
  it("has a request builder for every row of the matrix, and no builder without a row", () => {
    const rows = MATRIX.map(rowKey);
    expect(rows.length).toBeGreaterThan(50);
    expect(rows.filter((key) => !(key in PROBES))).toEqual([]);
    expect(Object.keys(PROBES).filter((key) => !rows.includes(key))).toEqual([]);
  });

  it("names only notes that docs/permissions.md has", () => {
    const notes = [...new Set(Object.values(PROBES).flatMap((p) => (p.note ? [p.note] : [])))];
    expect(notes.filter((note) => !DOC.includes(`**${note}**`))).toEqual([]);
  });

  for (const row of MATRIX) {
    const key = rowKey(row);
    it(`${key}: every column as the table says; the other tenant's is never reached`, async () => {
      const probe = PROBES[key];
      expect(probe, `no request builder for ${key}`).toBeDefined();
      const failures: string[] = [];
      const check = (
        column: TColumn,
        where: string,
        got: TOutcome,
        want: TExpect,
        reach: boolean,
      ) => {
        if (fits(got, want) && got.reached === reach) return;
        const note = probe.note ? ` ${probe.note}` : "";
        failures.push(
          `${column}, ${where}: want ${want}${reach ? " reaching it" : " leaving it alone"}${note}; got ${got.status}${got.reached ? " and reached it" : ""}`,
        );
      };
      for (const column of COLUMNS) {
        const allowed = row.marks[column] === "✓";
        const atHome: TExpect = allowed
          ? "2xx"
          : (probe.refused?.(column, lookup) ?? defaultRefusal(column));
        check(
          column,
          "own tenant",
          await probe.run({ t, column, home: A, target: A }),
          atHome,
          allowed,
        );
        const cross = probe.cross(column, atHome);
        check(
          column,
          "other tenant",
          await probe.run({ t, column, home: A, target: B }),
          cross,
          false,
        );
      }
      expect(failures).toEqual([]);
    });
  }

  it("changed nothing of the other tenant, in any table", async () => {
    expect(await tenantSnapshot(t.database.db, B.tenant.id)).toEqual(before);
  });
});
