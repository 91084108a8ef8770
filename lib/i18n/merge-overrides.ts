import type { Messages } from "./messages-type";

export type TMessageOverride = { key: string; value: string };

/**
 * The bundled messages with a tenant's overrides laid over them (ARCHITECTURE.md §7).
 * Only keys that exist in the bundle as a text can be overridden: an override cannot add
 * keys, replace a group, or drop the ICU arguments the code passes (an override whose
 * arguments differ from the bundled text's is left out, so `{name}` never renders raw).
 * Returns a new object; the bundle is never changed.
 */
export function mergeOverrides(
  bundled: Messages,
  overrides: readonly TMessageOverride[],
): { messages: Messages; rejected: string[] } {
  const messages = structuredClone(bundled);
  const rejected: string[] = [];
  for (const { key, value } of overrides) {
    const parts = key.split(".");
    const last = parts.pop();
    let node: Messages | string | undefined = messages;
    for (const part of parts) {
      node = typeof node === "object" && Object.hasOwn(node, part) ? node[part] : undefined;
    }
    const current =
      last && typeof node === "object" && Object.hasOwn(node, last) ? node[last] : undefined;
    if (typeof node !== "object" || !last || typeof current !== "string") {
      rejected.push(key);
      continue;
    }
    if (argumentsOf(current) !== argumentsOf(value)) {
      rejected.push(key);
      continue;
    }
    node[last] = value;
  }
  return { messages, rejected };
}

/** Names of the simple ICU arguments of a message, sorted: "{count, plural, …} {name}" → "count,name". */
function argumentsOf(message: string): string {
  const names = new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]));
  return [...names].sort().join(",");
}
