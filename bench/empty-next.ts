// The framework's floor for the JavaScript budget (ARCHITECTURE.md decision 13): an empty
// Next App Router app with this project's Next and React, built the same way (`next build`,
// Turbopack, production) and weighed by bench/page-weight.ts, so "our own JavaScript" is a
// public page's figure minus this one, measured the same day on the same machine.
//
//   npx tsx bench/empty-next.ts [--dir /tmp/empty-next] [--port 3417] [--keep]
//
// The app: one root layout, a page rendering "Hello" and a next/link to a second page, and
// that second page without a link. It lives outside the repository, with this checkout's
// node_modules hard-linked in (`cp -al`: Turbopack wants node_modules inside its root).
// Prints both pages' scripts, gzip and brotli.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { weighPage } from "./page-weight";

const { values: args } = parseArgs({
  options: {
    dir: { type: "string", default: "/tmp/empty-next" },
    port: { type: "string", default: "3417" },
    keep: { type: "boolean", default: false },
  },
});
const ROOT = path.resolve(import.meta.dirname, "..");
const dir = path.resolve(args.dir);
if (dir.startsWith(`${ROOT}${path.sep}`)) throw new Error("--dir must be outside the checkout");

const FILES: Record<string, string> = {
  "package.json": `{ "name": "empty-next", "private": true }\n`,
  "next.config.mjs": "export default { poweredByHeader: false, reactStrictMode: true };\n",
  "app/layout.jsx": `export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  "app/page.jsx": `import Link from "next/link";

export default function Page() {
  return (
    <main>
      <p>Hello</p>
      <Link href="/other">Other</Link>
    </main>
  );
}
`,
  "app/other/page.jsx": `export default function Other() {
  return <p>Other</p>;
}
`,
};

rmSync(path.join(dir, "app"), { recursive: true, force: true });
rmSync(path.join(dir, ".next"), { recursive: true, force: true });
for (const [name, text] of Object.entries(FILES)) {
  mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
  writeFileSync(path.join(dir, name), text);
}
if (!existsSync(path.join(dir, "node_modules"))) {
  execFileSync("cp", ["-al", path.join(ROOT, "node_modules"), path.join(dir, "node_modules")]);
}
const next = path.join(dir, "node_modules/next/dist/bin/next");
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
execFileSync(process.execPath, [next, "build"], { cwd: dir, env, stdio: "inherit" });

const server = spawn(process.execPath, [next, "start", "-p", args.port], {
  cwd: dir,
  env,
  stdio: "ignore",
});
try {
  const base = `http://127.0.0.1:${args.port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(base)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("next start did not come up in 60 s");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const { version } = JSON.parse(
    readFileSync(path.join(dir, "node_modules/next/package.json"), "utf8"),
  ) as { version: string };
  console.log(`\n## An empty Next ${version} App Router page (Turbopack, production)`);
  console.log(
    "| page | scripts | gzip bytes | brotli bytes | gzip KiB | brotli KiB |\n|---|---|---|---|---|---|",
  );
  for (const [page, label] of [
    ["/", "/ (Hello and a next/link)"],
    ["/other", "/other (no link)"],
  ]) {
    const w = await weighPage(base, page, `127.0.0.1:${args.port}`);
    if (w.status !== 200) throw new Error(`${page}: ${w.status}`);
    console.log(
      `| ${label} | ${w.scripts} | ${w.gzipBytes} | ${w.brotliBytes} | ${(w.gzipBytes / 1024).toFixed(1)} | ${(w.brotliBytes / 1024).toFixed(1)} |`,
    );
  }
} finally {
  server.kill("SIGTERM");
  if (!args.keep) rmSync(dir, { recursive: true, force: true });
}
