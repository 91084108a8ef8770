/**
 * What every CSV the product makes shares (the attendee list in the browser, a form's
 * submissions from the api): the delimiter each language's spreadsheet opens without an
 * import dialog, and the guard against formulas in cells.
 */

/**
 * Dutch spreadsheet programs split on ";" (the comma is their decimal sign), English ones on
 * ",": each gets the one its users' Excel opens without an import dialog.
 */
export const csvDelimiter = (locale: string) => (locale === "nl" ? ";" : ",");

/**
 * A cell a spreadsheet would read as a formula (= + - @, and a tab or carriage return that
 * some programs strip first) gets a leading apostrophe, so a name like "=HYPERLINK(…)" stays
 * text (OWASP, "CSV injection").
 */
export function defuseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
