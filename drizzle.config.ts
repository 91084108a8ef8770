import { defineConfig } from "drizzle-kit";

// Only generates SQL from the schema; migrations are applied by backend/db/migrate.ts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./backend/db/schema/index.ts",
  out: "./backend/db/migrations",
});
