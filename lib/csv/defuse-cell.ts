/**
 * A cell a spreadsheet would read as a formula (= + - @, and a tab or carriage return that
 * some programs strip first) gets a leading apostrophe, so a name like "=HYPERLINK(…)" stays
 * text (OWASP, "CSV injection"). Every CSV the product makes passes its cells through this:
 * the attendee list in the browser, the data viewer's export on the api.
 */
export function defuseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}
