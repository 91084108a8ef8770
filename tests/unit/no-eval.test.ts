import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

// lib/security/no-eval.ts sets zod's jitless flag without importing zod (so pages that parse
// nothing do not ship it). Zod must still read it, whether it loads after the flag is set
// (the browser: instrumentation-client.ts runs first) or before. Zod's settings live on
// globalThis and a loaded zod stays loaded, so each order runs in a fresh process.

const ROOT = path.resolve(import.meta.dirname, "../..");
const NO_EVAL = "./lib/security/no-eval.ts";

/**
 * Runs the imports in order in a new node, then parses objects as a form does, and tells
 * whether zod was jitless and whether it built a function (`new Function`) to parse.
 */
function run(order: ("no-eval" | "zod")[]): { jitless: boolean; builtFunction: boolean } {
  const imports = order
    .map((name) =>
      name === "zod" ? `await import("zod");` : `await import(${JSON.stringify(NO_EVAL)});`,
    )
    .join("\n");
  const script = `
    ${imports}
    const { z: zod } = await import("zod");
    let built = false;
    const Original = globalThis.Function;
    globalThis.Function = new Proxy(Original, {
      construct(target, args) { built = true; return Reflect.construct(target, args); },
      apply(target, self, args) { built = true; return Reflect.apply(target, self, args); },
    });
    const schema = zod.object({ name: zod.string(), count: zod.number() });
    for (let i = 0; i < 5; i += 1) if (schema.parse({ name: "a", count: i }).count !== i) throw new Error("parse");
    globalThis.Function = Original;
    console.log(JSON.stringify({ jitless: zod.config().jitless === true, builtFunction: built }));
  `;
  const out = execFileSync(
    process.execPath,
    ["--import", "tsx", "--input-type=module", "--eval", script],
    { cwd: ROOT, encoding: "utf8" },
  );
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}");
}

describe("no-eval: zod without code generation", () => {
  it("without it, zod builds its object parsers with Function (what the CSP refuses)", () => {
    expect(run(["zod"])).toEqual({ jitless: false, builtFunction: true });
  });

  it("set before zod loads (the browser's order): zod is jitless and builds no function", () => {
    expect(run(["no-eval", "zod"])).toEqual({ jitless: true, builtFunction: false });
  });

  it("set after zod loaded: zod's own settings are amended, no function", () => {
    expect(run(["zod", "no-eval"])).toEqual({ jitless: true, builtFunction: false });
  });
});
