import { describe, expect, it } from "vitest";
import { insertVariable } from "../../lib/notification-templates/notification-templates";

// The edit page's variable buttons insert `{{ name }}` where the caret was
// (docs/notification-templates.md).

describe("insertVariable", () => {
  it("replaces the selection and puts the caret after the variable", () => {
    expect(insertVariable("Hallo X!", "recipient.first_name", { start: 6, end: 7 })).toEqual({
      value: "Hallo {{ recipient.first_name }}!",
      caret: 32,
    });
  });

  it("appends when the field was never focused", () => {
    expect(insertVariable("Nieuw: ", "vacancy.title", null)).toEqual({
      value: "Nieuw: {{ vacancy.title }}",
      caret: 26,
    });
  });
});
