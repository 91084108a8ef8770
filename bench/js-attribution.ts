// Which source modules a page's JavaScript is made of: every script the page loads (as
// bench/page-weight.ts finds them), split by its source map into the modules it came from.
//
//   BROWSER_SOURCE_MAPS=1 npx next build        (next.config.ts then writes the .map files)
//   start the build (scripts/start.ts), then
//   npx tsx bench/js-attribution.ts --web http://127.0.0.1:3300 /partners [/sociale-kaart ...]
//
//   --tenant slug (public)   --next DIR (.next, where the chunks and their maps are)
//   --json FILE              also write the per-module figures as JSON
//   --compare FILE           print the difference with such a file (e.g. of an older commit)
//
// Bytes are the chunk's own characters each mapping covers, up to the next mapping; what no
// mapping covers (Turbopack's per-module wrappers, the chunk's header) counts as
// "(unmapped)". A module's brotli figure is its share of the raw bytes applied to the brotli
// size of the chunk it sits in: an estimate, as brotli compresses across module borders.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { brotliCompressSync, constants } from "node:zlib";
import { request } from "undici";
import { scriptUrls } from "./page-weight";

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    web: { type: "string" },
    tenant: { type: "string", default: "public" },
    next: { type: "string", default: ".next" },
    json: { type: "string" },
    compare: { type: "string" },
  },
});

type TRawMap = {
  mappings?: string;
  sources?: string[];
  sections?: { offset: { line: number; column: number }; map: TRawMap }[];
};
/** Per source module: raw bytes and the brotli estimate, summed over the page's chunks. */
type TModules = Record<string, { raw: number; brotli: number }>;

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const DIGIT = new Map([...BASE64].map((c, i) => [c, i]));

/** The segments of a source map's `mappings`: [line, column, source index or -1]. */
function decodeMappings(mappings: string): [number, number, number][] {
  const out: [number, number, number][] = [];
  let source = 0;
  let line = 0;
  for (const lineText of mappings.split(";")) {
    let column = 0;
    if (lineText) {
      for (const segment of lineText.split(",")) {
        if (!segment) continue;
        const fields: number[] = [];
        let value = 0;
        let shift = 0;
        for (const char of segment) {
          const digit = DIGIT.get(char);
          if (digit === undefined) throw new Error(`bad mapping character ${char}`);
          value += (digit & 31) << shift;
          if (digit & 32) {
            shift += 5;
          } else {
            fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
            value = 0;
            shift = 0;
          }
        }
        column += fields[0];
        if (fields.length >= 4) {
          source += fields[1];
          out.push([line, column, source]);
        } else {
          out.push([line, column, -1]);
        }
      }
    }
    line += 1;
  }
  return out;
}

/** Every mapping of a map, index maps (sections) flattened, with source names. */
function segments(map: TRawMap, lineOffset = 0, columnOffset = 0): [number, number, string][] {
  if (map.sections) {
    return map.sections.flatMap((section) =>
      segments(section.map, lineOffset + section.offset.line, section.offset.column),
    );
  }
  const sources = map.sources ?? [];
  return decodeMappings(map.mappings ?? "").map(([line, column, source]) => [
    line + lineOffset,
    line === 0 ? column + columnOffset : column,
    source >= 0 ? (sources[source] ?? "(unknown)") : "(unmapped)",
  ]);
}

/** A readable module name: the project path, or node_modules/<package>/<file>. */
function moduleName(source: string): string {
  const clean = source
    .replace(/^turbopack:\/\/\//, "")
    .replace(/^\[project\]\//, "")
    .replace(/ \[.*$/, "")
    .replace(/^.*?node_modules\//, "node_modules/");
  return clean;
}

/** Splits one chunk into its modules' raw bytes. */
function attributeChunk(code: string, map: TRawMap): Record<string, number> {
  const lines = code.split("\n");
  const lineStart: number[] = [];
  let offset = 0;
  for (const line of lines) {
    lineStart.push(offset);
    offset += Buffer.byteLength(line) + 1;
  }
  const total = Buffer.byteLength(code);
  // Columns count UTF-16 units; the chunks are minified ASCII bar a few strings, so the
  // byte offset of a column is close enough for an attribution.
  const points = segments(map)
    .filter(([line]) => line < lines.length)
    .map(([line, column, source]) => [lineStart[line] + column, moduleName(source)] as const)
    .sort((a, b) => a[0] - b[0]);
  const bytes: Record<string, number> = {};
  const add = (name: string, n: number) => {
    if (n > 0) bytes[name] = (bytes[name] ?? 0) + n;
  };
  add("(unmapped)", points[0]?.[0] ?? total);
  points.forEach(([start, name], i) => {
    add(name, (points[i + 1]?.[0] ?? total) - start);
  });
  return bytes;
}

const brotli = (data: Buffer) =>
  brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

async function attributePage(web: string, page: string, host: string): Promise<TModules> {
  const html = await (await request(new URL(page, web), { headers: { host } })).body.text();
  const modules: TModules = {};
  for (const src of scriptUrls(html)) {
    const file = path.join(args.next, src.replace(/^\/_next\//, "").replace(/\?.*$/, ""));
    const code = readFileSync(file);
    const chunkBrotli = brotli(code);
    // The chunk names its map (Turbopack renames chunks by content hash, not their maps).
    const mapName = /\/\/# sourceMappingURL=(\S+)\s*$/.exec(code.toString("utf8"))?.[1];
    const mapFile = mapName ? path.join(path.dirname(file), mapName) : `${file}.map`;
    const parts = existsSync(mapFile)
      ? attributeChunk(code.toString("utf8"), JSON.parse(readFileSync(mapFile, "utf8")) as TRawMap)
      : { [`(no map) ${path.basename(file)}`]: code.length };
    for (const [name, raw] of Object.entries(parts)) {
      const entry = modules[name] ?? { raw: 0, brotli: 0 };
      entry.raw += raw;
      entry.brotli += (raw / code.length) * chunkBrotli;
      modules[name] = entry;
    }
  }
  return modules;
}

const kib = (n: number) => (n / 1024).toFixed(2);

function print(modules: TModules) {
  const rows = Object.entries(modules).sort((a, b) => b[1].raw - a[1].raw);
  const total = rows.reduce((sum, [, m]) => sum + m.brotli, 0);
  console.log(`| module | raw KiB | brotli KiB (est.) |\n|---|---|---|`);
  for (const [name, m] of rows) console.log(`| ${name} | ${kib(m.raw)} | ${kib(m.brotli)} |`);
  console.log(`| total | ${kib(rows.reduce((s, [, m]) => s + m.raw, 0))} | ${kib(total)} |`);
}

function compare(now: TModules, before: TModules) {
  const names = new Set([...Object.keys(now), ...Object.keys(before)]);
  const rows = [...names]
    .map((name) => ({
      name,
      raw: (now[name]?.raw ?? 0) - (before[name]?.raw ?? 0),
      brotli: (now[name]?.brotli ?? 0) - (before[name]?.brotli ?? 0),
    }))
    .filter((row) => Math.abs(row.raw) >= 50)
    .sort((a, b) => Math.abs(b.raw) - Math.abs(a.raw));
  console.log(`| module | raw KiB, now - before | brotli KiB (est.) |\n|---|---|---|`);
  for (const row of rows) console.log(`| ${row.name} | ${kib(row.raw)} | ${kib(row.brotli)} |`);
}

if (!args.web || positionals.length === 0) {
  console.error("usage: tsx bench/js-attribution.ts --web URL /page [/page ...]");
  process.exit(2);
}
const host = `${args.tenant}.localhost:${new URL(args.web).port}`;
const all: Record<string, TModules> = {};
for (const page of positionals) {
  all[page] = await attributePage(args.web, page, host);
  console.log(`\n## ${page}`);
  print(all[page]);
  if (args.compare) {
    const before = (JSON.parse(readFileSync(args.compare, "utf8")) as Record<string, TModules>)[
      page
    ];
    if (before) {
      console.log(`\n### ${page} compared with ${args.compare}`);
      compare(all[page], before);
    }
  }
}
if (args.json) writeFileSync(args.json, JSON.stringify(all, null, 1));
