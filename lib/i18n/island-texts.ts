/**
 * Texts for a client island of a public page. The public pages ship no next-intl client
 * (its message parser alone is most of a page's own JavaScript; docs/public-pages.md), so
 * the server resolves the texts and the island only fills in values: `{name}`-style
 * placeholders, and counts through the browser's own Intl.PluralRules.
 */

/** A count message's forms for one language: the plural categories it uses, with
 *  `{count}` where the number goes, and any exact forms (ICU's `=0`). */
export type TPluralText = {
  locale: string;
  forms: Partial<Record<Intl.LDMLPluralRule, string>>;
  exact: Record<string, string>;
};

const COUNT = "{count}";

/** A number of each plural category of `locale` (1 for "one", 2 for "two", 5 for "other" …). */
function samples(locale: string): [Intl.LDMLPluralRule, number][] {
  const rules = new Intl.PluralRules(locale);
  const found = new Map<Intl.LDMLPluralRule, number>();
  for (let n = 1; n < 200 && found.size < rules.resolvedOptions().pluralCategories.length; n++) {
    const category = rules.select(n);
    if (!found.has(category)) found.set(category, n);
  }
  return [...found];
}

/**
 * Resolves the count message `render(count)` on the server into its forms. Each sample is
 * rendered and its number, as the language writes it, becomes `{count}`; a text whose number
 * cannot be told apart (it appears twice) is refused, so a message that would format wrongly
 * in the browser fails where it is built. `exactCounts` are values the message names itself.
 */
export function pluralText(
  locale: string,
  render: (count: number) => string,
  exactCounts: readonly number[] = [0],
): TPluralText {
  const number = new Intl.NumberFormat(locale);
  const forms: TPluralText["forms"] = {};
  for (const [category, n] of samples(locale)) {
    const text = render(n);
    const written = number.format(n);
    if (text.split(written).length !== 2) {
      throw new Error(`pluralText: "${text}" does not show ${written} exactly once`);
    }
    forms[category] = text.replace(written, COUNT);
  }
  const exact: Record<string, string> = {};
  const rules = new Intl.PluralRules(locale);
  for (const n of exactCounts) {
    const text = render(n);
    const general = forms[rules.select(n)]?.replace(COUNT, number.format(n));
    if (text !== general) exact[String(n)] = text;
  }
  return { locale, forms, exact };
}

/** The text for `count` (in the browser). */
export function formatPlural(text: TPluralText, count: number): string {
  const exact = text.exact[String(count)];
  if (exact !== undefined) return exact;
  const form =
    text.forms[new Intl.PluralRules(text.locale).select(count)] ?? text.forms.other ?? "";
  return form.replace(COUNT, new Intl.NumberFormat(text.locale).format(count));
}

/** Fills `{name}`-style placeholders of a text the server resolved with them left in. */
export function fillText(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}
