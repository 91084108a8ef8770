// Where the e2e run's processes listen: test ports, so a dev server on 3000/4000 does not
// collide. E2E_PORT_OFFSET shifts them all, for a second run on the same machine.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0) || 0;

export const E2E = {
  webPort: 3100 + offset,
  apiPort: 4100 + offset,
  smtpPort: 2525 + offset,
  /** The SMTP sink's HTTP side: GET/DELETE /messages. */
  sinkHttpPort: 2526 + offset,
  /** Wiped before every run, so tests start from a fresh seeded database. */
  pgliteDir: offset ? `.data/e2e-pglite-${offset}` : ".data/e2e-pglite",
} as const;

export const SINK_URL = `http://127.0.0.1:${E2E.sinkHttpPort}`;
