import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };
// Api integration tests run once on in-memory PGlite and, when TEST_DATABASE_URL is set,
// once more on PostgreSQL (each test file gets a database of its own).
const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

export default defineConfig({
  resolve: { alias },
  test: {
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          environment: "node",
          include: ["tests/unit/**/*.test.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "dom",
          environment: "jsdom",
          include: ["tests/unit/**/*.test.tsx"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api-pglite",
          environment: "node",
          include: ["tests/api/**/*.test.ts"],
          env: { TEST_DB_KIND: "pglite" },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              resolve: { alias },
              test: {
                name: "api-postgres",
                environment: "node",
                include: ["tests/api/**/*.test.ts"],
                env: { TEST_DB_KIND: "postgres" },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
});
