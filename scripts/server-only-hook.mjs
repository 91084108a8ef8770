// Node resolve hook for the web server (scripts/web-server.ts): `server-only` marks modules
// that must never reach a browser bundle. Next resolves it to an empty module on the server
// through the "react-server" export condition; a plain Node process resolves it to a module
// that throws. This process is the server, so it gets the empty module too.
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const empty = pathToFileURL(
  createRequire(import.meta.url)
    .resolve("server-only")
    .replace(/index\.js$/, "empty.js"),
).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === "server-only") return { url: empty, shortCircuit: true };
  return nextResolve(specifier, context);
}
