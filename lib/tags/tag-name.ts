/** A tag as the api answers it anywhere (a vacancy's, a profile's, the list): both names. */
export type TNamedTag = { name: string; nameEn?: string | null };

/**
 * The tag's name in the page's language (docs/tags.md): the English name on English pages,
 * the Dutch one where it has none, and on Dutch pages.
 */
export function tagName(tag: TNamedTag, locale: string): string {
  return locale === "en" && tag.nameEn ? tag.nameEn : tag.name;
}
