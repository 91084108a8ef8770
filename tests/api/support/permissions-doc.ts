import { readFileSync } from "node:fs";
import path from "node:path";

/**
 * docs/permissions.md read as data: the matrix (the page's first table) and the routes of
 * Fastify's printRoutes tree. The unit test of the policy and the api walk both check
 * against this one page.
 */

export const COLUMNS = [
  "signed out",
  "volunteer",
  "member of O",
  "admin of O",
  "admin of C",
  "admin of D",
  "desk manager",
  "superadmin",
] as const;
export type TColumn = (typeof COLUMNS)[number];
export type TSignedInColumn = Exclude<TColumn, "signed out">;
export const SIGNED_IN_COLUMNS = COLUMNS.filter((c): c is TSignedInColumn => c !== "signed out");

export type TMark = "✓" | "✗";
export type TMatrixRow = { action: string; resource: string; marks: Record<TColumn, TMark> };

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, "")
    .split("|")
    .map((c) => c.trim());

export const PERMISSIONS_DOC = path.resolve(__dirname, "../../../docs/permissions.md");

/** The matrix rows; throws when the header is not the columns above or a cell is no mark. */
export function readMatrix(markdown = readFileSync(PERMISSIONS_DOC, "utf8")): TMatrixRow[] {
  const lines = markdown.split("\n");
  const start = lines.findIndex((l) => /^\|\s*action\s*\|\s*resource\s*\|/.test(l));
  if (start < 0) throw new Error("docs/permissions.md has no matrix");
  const header = cells(lines[start]).slice(2);
  if (header.join("|") !== COLUMNS.join("|")) {
    throw new Error(`docs/permissions.md columns are ${header.join(", ")}`);
  }
  const rows: TMatrixRow[] = [];
  for (let i = start + 2; i < lines.length && lines[i].startsWith("|"); i += 1) {
    const [action, resource, ...marks] = cells(lines[i]);
    const entries = COLUMNS.map((column, j) => {
      const mark = marks[j];
      if (mark !== "✓" && mark !== "✗") throw new Error(`bad cell '${mark}' in: ${lines[i]}`);
      return [column, mark] as const;
    });
    rows.push({ action, resource, marks: Object.fromEntries(entries) as TMatrixRow["marks"] });
  }
  return rows;
}

export const rowKey = (row: { action: string; resource: string }) =>
  `${row.action} | ${row.resource}`;

/** `METHOD /path` for every route of Fastify's printRoutes tree (commonPrefix: false). */
export function routesOf(tree: string, options: { head?: boolean } = {}): string[] {
  const found: string[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1].length / 4;
    while (stack.length > depth) stack.pop();
    const full = (stack.at(-1)?.path ?? "") + match[2];
    stack.push({ depth, path: full });
    for (const method of (match[3] ?? "").split(", ").filter(Boolean)) {
      if (method !== "HEAD" || options.head) found.push(`${method} ${full}`);
    }
  }
  return found;
}
