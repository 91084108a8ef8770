import { Liquid, type Template } from "liquidjs";
import type { TLocale } from "../templates/layout";
import { type TTemplateKey, type TTemplateText, templateKind } from "./registry";

/**
 * Rendering a template safely (docs/notification-templates.md). A template is written by a
 * centre's admin, so it is untrusted code in a small language: no file system (an empty
 * in-memory template map, and the tags that load files removed), only known filters, and
 * limits on parse size, render time and memory. Values are passed as data, never parsed.
 * The output is plain text: the HTML part escapes every paragraph (layout.ts).
 */

export const TEMPLATE_LIMITS = {
  subjectMax: 300,
  bodyMax: 10_000,
  /** Characters of template source liquidjs parses at most. */
  parseLimit: 20_000,
  /** Milliseconds one render may take. */
  renderLimit: 200,
  /** Roughly the characters a render may allocate (strings, arrays). */
  memoryLimit: 1_000_000,
} as const;

const engine = new Liquid({
  templates: {},
  strictFilters: true,
  strictVariables: false,
  ownPropertyOnly: true,
  jsTruthy: true,
  parseLimit: TEMPLATE_LIMITS.parseLimit,
  renderLimit: TEMPLATE_LIMITS.renderLimit,
  memoryLimit: TEMPLATE_LIMITS.memoryLimit,
});
// Tags that read other templates (files, with `templates` unset) or only make sense with
// them; unknown tags are refused at parse time.
for (const tag of ["include", "render", "layout", "block"]) delete engine.tags[tag];

export type TTemplateProblem = {
  field: "subject" | "body";
  code: "syntax" | "unknown_variable" | "too_long";
  message: string;
  variable?: string;
};

type TValues = Readonly<Record<string, string | number | boolean | null | undefined>>;

/** "vacancy.title" → { vacancy: { title } }: the shape Liquid reads. */
function nest(values: TValues): Record<string, unknown> {
  const scope: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(values)) {
    const parts = path.split(".");
    let node = scope;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node[part] = typeof next === "object" && next !== null ? next : {};
      node = node[part] as Record<string, unknown>;
    }
    node[parts[parts.length - 1] as string] = value ?? null;
  }
  return scope;
}

/** The variables a template reads that the kind does not offer. */
function unknownVariables(template: Template[], declared: ReadonlySet<string>): string[] {
  const unknown = new Set<string>();
  for (const segments of engine.globalVariableSegmentsSync(template)) {
    const path = segments.map((s) => (Array.isArray(s) ? "[]" : String(s))).join(".");
    const known = declared.has(path) || [...declared].some((name) => name.startsWith(`${path}.`));
    if (!known) unknown.add(path);
  }
  return [...unknown];
}

/**
 * Checks a subject and body for a kind: both parse, use only the kind's variables and
 * known tags and filters, and stay within their lengths. An empty list means it may be
 * saved.
 */
export function validateTemplate(key: TTemplateKey, text: TTemplateText): TTemplateProblem[] {
  const kind = templateKind(key);
  if (!kind) throw new Error(`unknown template kind ${key}`);
  const declared = new Set(Object.keys(kind.variables));
  const problems: TTemplateProblem[] = [];
  for (const field of ["subject", "body"] as const) {
    const source = text[field];
    const max = field === "subject" ? TEMPLATE_LIMITS.subjectMax : TEMPLATE_LIMITS.bodyMax;
    if (source.length > max) {
      problems.push({ field, code: "too_long", message: `is too long (at most ${max})` });
      continue;
    }
    let parsed: Template[];
    try {
      parsed = engine.parse(source);
    } catch (err) {
      problems.push({ field, code: "syntax", message: liquidMessage(err) });
      continue;
    }
    for (const variable of unknownVariables(parsed, declared)) {
      problems.push({
        field,
        code: "unknown_variable",
        variable,
        message: `uses the variable ${variable}, which this template does not have`,
      });
    }
  }
  return problems;
}

function liquidMessage(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  // liquidjs appends the source excerpt on later lines; the first line says what is wrong.
  return (message.split("\n")[0] ?? message).slice(0, 300);
}

export type TRenderedTemplate = { subject: string; paragraphs: string[] };

const parsedDefaults = new Map<string, Template[]>();

function parseCached(source: string): Template[] {
  let parsed = parsedDefaults.get(source);
  if (!parsed) {
    parsed = engine.parse(source);
    parsedDefaults.set(source, parsed);
  }
  return parsed;
}

function renderText(
  parsedSubject: Template[],
  parsedBody: Template[],
  scope: Record<string, unknown>,
): TRenderedTemplate {
  const subject = String(engine.renderSync(parsedSubject, scope)).replace(/\s+/g, " ").trim();
  const body = String(engine.renderSync(parsedBody, scope)).replace(/\r\n?/g, "\n");
  const paragraphs = body
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "");
  return { subject, paragraphs };
}

/** The kind's default, rendered: parsed once per process. */
export function renderDefault(
  key: TTemplateKey,
  locale: TLocale,
  values: TValues,
): TRenderedTemplate {
  const kind = templateKind(key);
  if (!kind) throw new Error(`unknown template kind ${key}`);
  const text = kind.defaults[locale];
  return renderText(parseCached(text.subject), parseCached(text.body), nest(values));
}

/** Renders an unsaved or saved text; throws what Liquid throws (parse, limits). */
export function renderSource(text: TTemplateText, values: TValues): TRenderedTemplate {
  return renderText(engine.parse(text.subject), engine.parse(text.body), nest(values));
}

export type TTemplateFallbackLog = (details: { key: string; err: unknown }) => void;

/**
 * The text to send: the override when there is one and it renders, else the default. A
 * saved override was validated, so a failure here is a limit hit or a bug; the mail still
 * goes out, with the default's words, and the failure is logged.
 */
export function renderTemplate(
  key: TTemplateKey,
  locale: TLocale,
  values: TValues,
  override?: TTemplateText | null,
  log?: TTemplateFallbackLog,
): TRenderedTemplate {
  if (override) {
    try {
      const rendered = renderSource(override, values);
      if (rendered.subject !== "") return rendered;
      throw new Error("the subject rendered empty");
    } catch (err) {
      (log ?? defaultLog)({ key, err });
    }
  }
  return renderDefault(key, locale, values);
}

const defaultLog: TTemplateFallbackLog = ({ key, err }) => {
  console.warn(`notification template ${key} fell back to its default:`, liquidMessage(err));
};

/** The sample values of a kind: the preview's data. */
export function sampleValues(key: TTemplateKey): TValues {
  const kind = templateKind(key);
  if (!kind) throw new Error(`unknown template kind ${key}`);
  return kind.variables;
}

/** What a mail function takes besides its facts: the override that applies, and a log. */
export type TTemplateOverride = {
  override?: TTemplateText | null;
  log?: TTemplateFallbackLog;
};

/** A fallback logged through the api's logger (a job's, a request's). */
export const logFallbackTo =
  (log: { warn: (details: object, message: string) => void }): TTemplateFallbackLog =>
  ({ key, err }) =>
    log.warn({ key, err }, "notification template fell back to its default");
