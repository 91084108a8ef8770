// Finds which message keys source code uses, for tests/unit/messages.test.ts.
//
// It understands the forms this codebase allows:
//   const t = useTranslations("auth");            t("signIn.title")  → auth.signIn.title
//   const t = await getTranslations("auth.reset"); t("title")         → auth.reset.title
//   const t = useTranslations();                  t("errors.backHome") → errors.backHome
//   function f(t: Translator) { t("validation.required", …) }        → root namespace
// and t.rich / t.markup / t.has with a literal key. A key that is not a string literal
// (a variable, a template with ${…}) is reported as dynamic: the check could not see it,
// so the codebase may not use one.

export type Messages = { [key: string]: string | Messages };

export function flattenKeys(messages: Messages, prefix = ""): string[] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === "string" ? [path] : flattenKeys(value, path);
  });
}

export function messageAt(messages: Messages, path: string): string | undefined {
  let node: string | Messages | undefined = messages;
  for (const part of path.split(".")) {
    if (typeof node !== "object") return undefined;
    node = node[part];
  }
  return typeof node === "string" ? node : undefined;
}

/** Names of ICU arguments in a message: "{count, plural, one {# item}}" → ["count"]. */
export function icuArguments(message: string): string[] {
  return [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)].map((m) => m[1]))].sort();
}

type Binding = { name: string; namespace: string };

const bindingPatterns = [
  // const t = useTranslations("ns") / await getTranslations("ns") / either without namespace
  /(?:const|let)\s+(\w+)\s*=\s*(?:await\s+)?(?:useTranslations|getTranslations)\(\s*(?:(["'])([^"']*)\2)?\s*\)/g,
  // const t = await getTranslations({ locale, namespace: "ns" })
  /(?:const|let)\s+(\w+)\s*=\s*(?:await\s+)?getTranslations\(\s*\{[^}]*?namespace:\s*(["'])([^"']*)\2[^}]*\}\s*\)/g,
];

function bindingsOf(source: string): Binding[] {
  const bindings: Binding[] = [];
  for (const pattern of bindingPatterns) {
    for (const match of source.matchAll(pattern)) {
      bindings.push({ name: match[1], namespace: match[3] ?? "" });
    }
  }
  // Parameters typed as the root translator (lib/i18n/translator.ts).
  for (const match of source.matchAll(/\b(\w+)\s*:\s*Translator\b/g)) {
    bindings.push({ name: match[1], namespace: "" });
  }
  return bindings;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export type Usage = {
  /** Every full key a call may mean (one per binding of that name). */
  candidates: string[][];
  /** Calls whose key is not a string literal. */
  dynamic: string[];
  /** Namespaces passed as something other than a string literal. */
  dynamicNamespaces: string[];
};

export function scanSource(source: string): Usage {
  const usage: Usage = { candidates: [], dynamic: [], dynamicNamespaces: [] };
  for (const match of source.matchAll(/(?:useTranslations|getTranslations)\(\s*([^)\s])/g)) {
    if (!/["'{]/.test(match[1])) usage.dynamicNamespaces.push(match[0]);
  }
  const bindings = bindingsOf(source);
  const names = [...new Set(bindings.map((b) => b.name))];
  for (const name of names) {
    const namespaces = bindings.filter((b) => b.name === name).map((b) => b.namespace);
    const call = new RegExp(
      `(?<![\\w.])${escapeRegExp(name)}(?:\\.(?:rich|markup|raw|has))?\\(\\s*`,
      "g",
    );
    for (const match of source.matchAll(call)) {
      const rest = source.slice(match.index + match[0].length);
      const literal = /^(["'])([^"'\n]*)\1/.exec(rest) ?? /^`([^`$]*)`/.exec(rest);
      if (!literal) {
        // `t()` with no argument is not a translation (e.g. an unrelated function named t).
        if (!rest.startsWith(")")) usage.dynamic.push(`${name}(${rest.slice(0, 30)}`);
        continue;
      }
      const key = literal[2] ?? literal[1];
      usage.candidates.push(namespaces.map((ns) => (ns ? `${ns}.${key}` : key)));
    }
  }
  return usage;
}
