import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../../../backend/db/schema";
import {
  isDeniedColumn,
  SECRET_COLUMN,
  VIEWER_TABLES,
} from "../../../backend/domain/data-viewer-catalogue";

// The data viewer's allowlist (docs/data-viewer.md) against the whole Drizzle schema: every
// table's every column is walked, so a secret column added tomorrow is caught by its name.

const tables = (Object.values(schema) as unknown[])
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table));

/** Every name that holds a secret today, by hand: the rule must cover each of them. */
const KNOWN_SECRETS = [
  "users.encrypted_password",
  "users.confirmation_token",
  "users.reset_password_token",
  "users.unlock_token",
  "users.invitation_token",
  "users.deletion_token",
  "users.tokens",
  "calendar_tokens.token_digest",
  "data_exports.token_digest",
  "data_exports.content",
  "volunteer_profiles.periodic_mail_unsubscribe_token",
  "jobs.payload",
  "mail_outbox.text",
  "mail_outbox.html",
];

describe("the data viewer's allowlist", () => {
  it("shows every tenant table and no global one", () => {
    const tenantTables = tables
      .filter((t) => t.columns.some((c) => c.name === "tenant_id"))
      .map((t) => t.name)
      .sort();
    expect([...VIEWER_TABLES.keys()].sort()).toEqual(tenantTables);
    expect(VIEWER_TABLES.has("tenants")).toBe(false);
    expect(VIEWER_TABLES.size).toBeGreaterThan(30);
  });

  it("walks every column of every table: nothing secret-looking is shown, the rest is", () => {
    for (const config of tables) {
      const shown = VIEWER_TABLES.get(config.name);
      for (const column of config.columns) {
        const isShown = shown?.columns.some((c) => c.name === column.name) ?? false;
        const looksSecret = /token|digest|password|secret|encrypted|^tokens$/i.test(column.name);
        if (looksSecret) expect(isShown, `${config.name}.${column.name}`).toBe(false);
        if (isDeniedColumn(config.name, column.name)) expect(isShown).toBe(false);
      }
    }
  });

  it("leaves out every secret column known today, by name or by content", () => {
    const shown = new Set(
      [...VIEWER_TABLES.values()].flatMap((t) => t.columns.map((c) => `${t.name}.${c.name}`)),
    );
    for (const secret of KNOWN_SECRETS) {
      const [table, column] = secret.split(".");
      expect(
        tables.some((t) => t.name === table && t.columns.some((c) => c.name === column)),
        secret,
      ).toBe(true);
      expect(shown.has(secret), secret).toBe(false);
    }
  });

  it("still shows the ordinary columns people look for", () => {
    const users = VIEWER_TABLES.get("users")?.columns.map((c) => c.name) ?? [];
    expect(users).toEqual(expect.arrayContaining(["id", "email", "first_name", "status"]));
    expect(VIEWER_TABLES.get("mail_outbox")?.columns.map((c) => c.name)).toEqual(
      expect.arrayContaining(["to", "subject"]),
    );
    expect(SECRET_COLUMN.test("first_name")).toBe(false);
  });

  it("searches only text columns", () => {
    for (const table of VIEWER_TABLES.values()) {
      for (const column of table.columns) expect(column.searchable).toBe(column.type === "string");
    }
  });
});
