import { bySession, home, sameAsHome, send, type TCall, type TProbe } from "./permission-probes";
import { target } from "./permission-probes-content-writes";

/**
 * Request builders for the superadmins' data viewer (docs/data-viewer.md). "Reached" is the
 * row of the target world's `other` user: searched by its address, which the two worlds
 * share, and told apart by its id, which they do not.
 */

async function findsUser(call: TCall, path: "rows" | "export") {
  const { id, email } = call.target.other;
  // Searched by address: both worlds have one account with it, the home tenant's own.
  const q = encodeURIComponent(email);
  const res = await send(call, "GET", `/data_viewer/tables/users/${path}?q=${q}`, home(call));
  if (res.statusCode !== 200) return { status: res.statusCode, reached: false };
  if (path === "export") {
    const lines = res.body.split("\r\n").slice(1);
    return { status: res.statusCode, reached: lines.some((l) => l.startsWith(`${id},`)) };
  }
  const rows = (res.json() as { data: { attributes: { values: unknown[] } }[] }).data;
  return { status: res.statusCode, reached: rows.some((r) => r.attributes.values[0] === id) };
}

export const DATA_VIEWER_PROBES: Record<string, TProbe> = {
  "data_viewer.list | the tenant's tables": {
    async run(call) {
      // The list is the schema's, the same for every tenant: aimed at the other tenant, the
      // caller's session is asked under its X-Tenant, where it is no session.
      const res = await send(call, "GET", "/data_viewer/tables", target(call));
      const ok = res.statusCode === 200;
      const names = ok ? (res.json() as { data: { id: string }[] }).data.map((d) => d.id) : [];
      return { status: res.statusCode, reached: names.includes("users") };
    },
    cross: bySession,
  },
  "data_viewer.read | the rows of a table of the tenant": {
    run: (call) => findsUser(call, "rows"),
    // The other tenant's rows are never in the home tenant's table.
    cross: sameAsHome,
  },
  "data_viewer.export | the rows of a table of the tenant": {
    run: (call) => findsUser(call, "export"),
    cross: sameAsHome,
  },
};
