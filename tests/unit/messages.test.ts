import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import en from "@/messages/en.json";
import nl from "@/messages/nl.json";
import {
  flattenKeys,
  icuArguments,
  type Messages,
  messageAt,
  scanSource,
  type Usage,
} from "./support/translation-usage";

const root = path.resolve(import.meta.dirname, "../..");
const sourceDirs = ["app", "components", "lib"];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

function scanAll(): Map<string, Usage> {
  const files = sourceDirs.flatMap((dir) => sourceFiles(path.join(root, dir)));
  return new Map(
    files.map((file) => [path.relative(root, file), scanSource(readFileSync(file, "utf8"))]),
  );
}

/** Keys of `messages` that no call in `usages` can mean, and calls that name no key. */
function check(messages: Messages, usages: Iterable<Usage>) {
  const keys = new Set(flattenKeys(messages));
  const used = new Set<string>();
  const missing: string[] = [];
  for (const usage of usages) {
    for (const candidates of usage.candidates) {
      const existing = candidates.filter((key) => keys.has(key));
      if (existing.length === 0) missing.push(candidates.join(" | "));
      for (const key of existing) used.add(key);
    }
  }
  return { unused: [...keys].filter((key) => !used.has(key)), missing };
}

const enKeys = flattenKeys(en).sort();
const nlKeys = flattenKeys(nl).sort();

describe("messages/nl.json and messages/en.json", () => {
  it("have the same keys", () => {
    expect(nlKeys).toEqual(enKeys);
  });

  it("use the same ICU arguments in both languages", () => {
    const differing = enKeys.filter(
      (key) =>
        icuArguments(messageAt(en, key) ?? "").join() !==
        icuArguments(messageAt(nl, key) ?? "").join(),
    );
    expect(differing).toEqual([]);
  });

  it("have no empty message", () => {
    const empty = [
      ...enKeys.filter((k) => !messageAt(en, k)?.trim()),
      ...nlKeys.filter((k) => !messageAt(nl, k)?.trim()),
    ];
    expect(empty).toEqual([]);
  });

  it("keep the spec's English texts verbatim", () => {
    expect(en.errors.wrongCenter.title).toBe("Logged in to the wrong website");
    expect(en.errors.wrongCenter.description).toBe(
      "Please contact the administrator of this website. This user account is registered with one of the other partners in the collaboration.",
    );
    expect(en.errors.generic.title).toBe("Oops... something went wrong!");
    expect(en.validation.invalid).toBe("{field} is not valid.");
    expect(en.auth.reset.missingToken).toBe(
      "You must provide either the uid, client and accessToken or the resetPasswordToken",
    );
  });
});

describe("message keys in source (app/, components/, lib/)", () => {
  const usages = scanAll();

  it("finds translation calls at all", () => {
    const calls = [...usages.values()].reduce((n, u) => n + u.candidates.length, 0);
    expect(calls).toBeGreaterThan(20);
  });

  it("leave no key unused", () => {
    expect(check(en, usages.values()).unused).toEqual([]);
  });

  it("name only keys that exist", () => {
    expect(check(en, usages.values()).missing).toEqual([]);
  });

  it("use literal keys and namespaces only, so this check sees every use", () => {
    const dynamic = [...usages].flatMap(([file, u]) =>
      [...u.dynamic, ...u.dynamicNamespaces].map((call) => `${file}: ${call}`),
    );
    expect(dynamic).toEqual([]);
  });
});

describe("the usage scanner", () => {
  const messages: Messages = {
    auth: { signIn: { title: "Sign in", submit: "Go" }, unusedKey: "x" },
    errors: { backHome: "Home" },
    validation: { required: "{field} is required." },
  };

  it("resolves namespaced, root and Translator-parameter calls and reports an unused key", () => {
    const sources = [
      `const t = useTranslations("auth"); t("signIn.title");`,
      `const t = await getTranslations("auth.signIn"); t.rich('submit', {});`,
      `const tr = useTranslations(); tr("errors.backHome")`,
      `function rules(t: Translator) { return t("validation.required", { field }); }`,
    ].map(scanSource);
    expect(check(messages, sources)).toEqual({ unused: ["auth.unusedKey"], missing: [] });
  });

  it("reports a key that does not exist", () => {
    const result = check(messages, [scanSource(`const t = useTranslations("auth"); t("nope");`)]);
    expect(result.missing).toEqual(["auth.nope"]);
  });

  it("reports dynamic keys and namespaces", () => {
    const template = ["t(`signIn.", "$", "{name}`);"].join("");
    const usage = scanSource(
      `const t = useTranslations('auth'); t(key); ${template} useTranslations(ns);`,
    );
    expect(usage.dynamic).toHaveLength(2);
    expect(usage.dynamicNamespaces).toHaveLength(1);
  });

  it("does not count a call of another function that ends in the same name", () => {
    const usage = scanSource(
      `const t = useTranslations("auth"); format("signIn.title"); x.t("a");`,
    );
    expect(usage.candidates).toEqual([]);
  });
});
