/**
 * Route patterns of spec §2 (`/users/:id/edit`, `/nieuws/:slug?`) compiled to matchers.
 * spec §2: matching ignores a trailing slash and case.
 */
import { normalizePath } from "./comparable-path";

export { comparablePath, normalizePath } from "./comparable-path";

export type TRouteParams = Record<string, string | undefined>;

type TSegment =
  | { kind: "static"; value: string }
  | { kind: "param"; name: string; optional: boolean };

export type TCompiledPattern = {
  pattern: string;
  segments: TSegment[];
  /** Lower sorts first: static segments beat parameters, required beat optional. */
  rank: number[];
  match: (path: string) => TRouteParams | null;
};

function parseSegments(pattern: string): TSegment[] {
  if (!pattern.startsWith("/")) throw new Error(`Route pattern must start with '/': ${pattern}`);
  return pattern
    .split("/")
    .filter((part) => part !== "")
    .map((part) => {
      if (!part.startsWith(":")) return { kind: "static", value: part.toLowerCase() };
      const optional = part.endsWith("?");
      const name = part.slice(1, optional ? -1 : undefined);
      if (!/^[A-Za-z_]\w*$/.test(name)) throw new Error(`Bad parameter in ${pattern}`);
      return { kind: "param", name, optional };
    });
}

function safeDecode(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null; // a malformed escape such as '%E0%A4%A' matches no route
  }
}

export function compilePattern(pattern: string): TCompiledPattern {
  const segments = parseSegments(pattern);
  const optionalAt = segments.findIndex((s) => s.kind === "param" && s.optional);
  if (optionalAt !== -1 && optionalAt !== segments.length - 1) {
    throw new Error(`Only the last segment may be optional: ${pattern}`);
  }
  const rank = segments.map((s) => (s.kind === "static" ? 0 : s.optional ? 2 : 1));

  const match = (path: string): TRouteParams | null => {
    const parts = normalizePath(path)
      .split("/")
      .filter((part) => part !== "");
    const required = optionalAt === -1 ? segments.length : optionalAt;
    if (parts.length < required || parts.length > segments.length) return null;
    const params: TRouteParams = {};
    for (let i = 0; i < segments.length; i++) {
      const segment = segments[i];
      const part = parts[i];
      if (segment.kind === "static") {
        if (part === undefined || part.toLowerCase() !== segment.value) return null;
        continue;
      }
      if (part === undefined) {
        params[segment.name] = undefined; // an optional last parameter left out
        continue;
      }
      const decoded = safeDecode(part);
      if (decoded === null) return null;
      params[segment.name] = decoded;
    }
    return params;
  };

  return { pattern, segments, rank, match };
}

/** Orders patterns most specific first, so '/vacancies/search' is tried before '/vacancies/:id'. */
export function compareSpecificity(a: TCompiledPattern, b: TCompiledPattern): number {
  const length = Math.max(a.rank.length, b.rank.length);
  for (let i = 0; i < length; i++) {
    // A missing segment sorts after any present one: '/nieuws/:slug?' after '/nieuws/x/y'.
    const left = a.rank[i] ?? 3;
    const right = b.rank[i] ?? 3;
    if (left !== right) return left - right;
  }
  return 0;
}
