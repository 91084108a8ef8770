import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "@": path.resolve(import.meta.dirname) };
// Api integration tests run once on in-memory PGlite and, when TEST_DATABASE_URL is set,
// once more on PostgreSQL (each test file gets a database of its own). Their files share
// one module graph per worker (isolate: false): each builds its own app and database and
// none mocks a module or changes the environment, and loading the backend afresh for every
// file was half of their time.
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
          setupFiles: ["tests/unit/support/dom-setup.ts"],
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
          isolate: false,
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
                isolate: false,
              },
            },
          ]
        : []),
    ],
  },
});
