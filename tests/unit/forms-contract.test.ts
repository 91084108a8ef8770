import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  changedKinds,
  compilePattern,
  type TFormDefinition,
  type TFormField,
  validateAnswers,
  validateField,
  visibleFieldIds,
  ZFormDefinition,
} from "../../lib/contract/forms";

const label = (nl: string) => ({ nl, en: `${nl} (en)` });
const field = (f: Partial<TFormField> & Pick<TFormField, "id" | "kind">): TFormField => ({
  label: label(f.id),
  required: false,
  ...f,
});
const definition = (...fields: TFormField[]): TFormDefinition => ({
  steps: [{ id: "step-1", fields }],
});
const parse = (value: unknown) => ZFormDefinition.safeParse(value);
const issuePaths = (value: unknown) => {
  const result = parse(value);
  return result.success ? [] : result.error.issues.map((i) => i.path.join("."));
};

const choice = field({
  id: "kind",
  kind: "single_choice",
  required: true,
  options: [
    { value: "yes", label: label("Ja") },
    { value: "other", label: label("Anders") },
  ],
});
const explain = field({
  id: "explain",
  kind: "short_text",
  required: true,
  condition: { field: "kind", values: ["other"] },
});

describe("the form definition", () => {
  it("accepts a form with steps, choices and a condition on an earlier field", () => {
    expect(issuePaths(definition(choice, explain))).toEqual([]);
  });

  it("refuses a condition on a later field, on itself, or on an unknown one", () => {
    expect(issuePaths(definition(explain, choice))).toEqual(["steps.0.fields.0.condition.field"]);
    const self = field({ id: "a", kind: "short_text", condition: { field: "a", values: [] } });
    expect(issuePaths(definition(self))).toEqual(["steps.0.fields.0.condition.field"]);
  });

  it("refuses a condition on an option the field does not have, and a display field as target", () => {
    const wrong = { ...explain, condition: { field: "kind", values: ["nope"] } };
    expect(issuePaths(definition(choice, wrong))).toEqual(["steps.0.fields.1.condition.values"]);
    const heading = field({ id: "title", kind: "heading" });
    const onHeading = field({
      id: "b",
      kind: "short_text",
      condition: { field: "title", values: [] },
    });
    expect(issuePaths(definition(heading, onHeading))).toEqual([
      "steps.0.fields.1.condition.field",
    ]);
  });

  it("refuses ids used twice, across steps too, and ids the key conversion would change", () => {
    const twice = {
      steps: [
        { id: "one", fields: [field({ id: "name", kind: "short_text" })] },
        { id: "two", fields: [field({ id: "name", kind: "email" })] },
      ],
    };
    expect(issuePaths(twice)).toEqual(["steps.1.fields.0.id"]);
    expect(issuePaths(definition(field({ id: "first_name", kind: "short_text" })))).toEqual([
      "steps.0.fields.0.id",
    ]);
  });

  it("refuses choices without options, bounds of the wrong type and a pattern that could hang", () => {
    expect(issuePaths(definition(field({ id: "c", kind: "dropdown" })))).toEqual([
      "steps.0.fields.0.options",
    ]);
    expect(issuePaths(definition(field({ id: "d", kind: "date", min: 3 })))).toEqual([
      "steps.0.fields.0.min",
    ]);
    expect(issuePaths(definition(field({ id: "t", kind: "short_text", min: 5, max: 2 })))).toEqual([
      "steps.0.fields.0.max",
    ]);
    expect(compilePattern("(a+)+")).toBeNull();
    expect(compilePattern("[0-9]{4} ?[A-Z]{2}")).not.toBeNull();
    expect(
      issuePaths(definition(field({ id: "p", kind: "short_text", pattern: "(a+)+" }))),
    ).toEqual(["steps.0.fields.0.pattern"]);
  });

  it("names the ids whose kind changed between two versions", () => {
    const before = definition(choice, explain);
    const after = definition({ ...choice }, { ...explain, kind: "long_text" });
    expect(changedKinds(before, after)).toEqual(["explain"]);
  });
});

describe("validateField: the first failing rule wins", () => {
  const postcode = field({
    id: "postcode",
    kind: "short_text",
    required: true,
    min: 6,
    max: 7,
    pattern: "[0-9]{4} ?[A-Z]{2}",
  });

  it("answers required before anything else, then length, then the pattern", () => {
    expect(validateField(postcode, "", "nl")?.key).toBe("required");
    expect(validateField(postcode, "12", "nl")).toEqual({
      key: "minLength",
      params: { field: "postcode", min: 6 },
    });
    expect(validateField(postcode, "12345678", "nl")?.key).toBe("maxLength");
    expect(validateField(postcode, "123456", "en")).toEqual({
      key: "invalid",
      params: { field: "postcode (en)" },
    });
    expect(validateField(postcode, "1234 AB", "nl")).toBeNull();
  });

  it("checks e-mail, phone, number, date and choices", () => {
    expect(validateField(field({ id: "e", kind: "email" }), "no-at", "nl")?.key).toBe("email");
    expect(validateField(field({ id: "p", kind: "phone" }), "06 1234 5678", "nl")).toBeNull();
    expect(validateField(field({ id: "p", kind: "phone" }), "12", "nl")?.key).toBe("phone");
    const n = field({ id: "n", kind: "number", min: 1, max: 10 });
    expect(validateField(n, "abc", "nl")?.key).toBe("number");
    expect(validateField(n, "11", "nl")?.key).toBe("max");
    expect(validateField(n, "2,5", "nl")).toBeNull();
    const d = field({ id: "d", kind: "date", min: "2026-01-01" });
    expect(validateField(d, "2026-02-30", "nl")?.key).toBe("date");
    expect(validateField(d, "2025-12-31", "nl")?.key).toBe("minDate");
    expect(validateField(choice, "maybe", "nl")?.key).toBe("option");
    const many = field({
      id: "m",
      kind: "multiple_choice",
      min: 2,
      options: choice.options,
    });
    expect(validateField(many, ["yes"], "nl")).toEqual({
      key: "minCount",
      params: { field: "m", min: 2 },
    });
    const consent = field({ id: "ok", kind: "consent", required: true });
    expect(validateField(consent, false, "nl")?.key).toBe("required");
    const yesNo = field({ id: "yn", kind: "yes_no", required: true });
    expect(validateField(yesNo, false, "nl")).toBeNull();
  });
});

// --- Properties ------------------------------------------------------------------------

const ID = fc.stringMatching(/^[a-z][a-z0-9]{0,6}$/);
const OPTION_VALUES = ["a", "b", "c"];
const options = OPTION_VALUES.map((value) => ({ value, label: label(value) }));

/** A random valid definition: text and choice fields, some required, some conditional on an
 *  earlier choice field. */
const arbDefinition: fc.Arbitrary<TFormDefinition> = fc
  .uniqueArray(
    fc.record({
      id: ID,
      kind: fc.constantFrom("short_text", "single_choice", "multiple_choice", "yes_no", "number"),
      required: fc.boolean(),
      conditional: fc.boolean(),
      on: fc.nat(),
      values: fc.subarray(OPTION_VALUES),
    }),
    { selector: (f) => f.id, minLength: 1, maxLength: 8 },
  )
  .map((specs) => {
    const fields: TFormField[] = [];
    for (const spec of specs) {
      const earlier = fields.filter(
        (f) => f.kind === "single_choice" || f.kind === "multiple_choice",
      );
      const target = earlier.length > 0 ? earlier[spec.on % earlier.length] : undefined;
      fields.push(
        field({
          id: spec.id,
          kind: spec.kind,
          required: spec.required,
          ...(spec.kind.endsWith("choice") ? { options } : {}),
          ...(spec.conditional && target
            ? { condition: { field: target.id, values: spec.values } }
            : {}),
        }),
      );
    }
    const half = Math.ceil(fields.length / 2);
    return {
      steps: [
        { id: "one", fields: fields.slice(0, half) },
        { id: "two", fields: fields.slice(half) },
      ],
    };
  });

/** A valid answer for each field (what a careful person gives). */
const validAnswer = (f: TFormField, pick: number) => {
  switch (f.kind) {
    case "single_choice":
      return OPTION_VALUES[pick % 3];
    case "multiple_choice":
      return OPTION_VALUES.slice(0, (pick % 3) + 1);
    case "yes_no":
      return pick % 2 === 0;
    case "number":
      return String(pick);
    default:
      return `answer ${pick}`;
  }
};

describe("validateAnswers, properties", () => {
  it("every generated definition passes its own schema", () => {
    fc.assert(fc.property(arbDefinition, (d) => parse(d).success));
  });

  it("a valid answer to every field passes", () => {
    fc.assert(
      fc.property(
        arbDefinition,
        fc.array(fc.nat(100), { minLength: 8, maxLength: 8 }),
        (d, picks) => {
          const fields = d.steps.flatMap((s) => s.fields);
          const answers = Object.fromEntries(
            fields.map((f, i) => [f.id, validAnswer(f, picks[i])]),
          );
          expect(validateAnswers(d, answers, "nl").errors).toEqual({});
        },
      ),
    );
  });

  it("hidden fields are never required, and their answers are dropped", () => {
    fc.assert(
      fc.property(
        arbDefinition,
        fc.array(fc.nat(100), { minLength: 8, maxLength: 8 }),
        fc.boolean(),
        (d, picks, answerHidden) => {
          const fields = d.steps.flatMap((s) => s.fields);
          // Answer the choice fields only; leave the rest empty.
          const answers = Object.fromEntries(
            fields
              .filter((f) => f.kind.endsWith("choice"))
              .map((f, i) => [f.id, validAnswer(f, picks[i])]),
          );
          const visible = visibleFieldIds(d, answers);
          for (const f of fields) {
            if (!visible.has(f.id) && answerHidden) answers[f.id] = "anything at all";
          }
          const { errors, clean } = validateAnswers(d, answers, "nl");
          for (const f of fields) {
            if (!visible.has(f.id)) {
              expect(errors[f.id]).toBeUndefined();
              expect(clean[f.id]).toBeUndefined();
            }
          }
        },
      ),
    );
  });

  it("a required visible field left empty fails with 'required', and only that field's rule", () => {
    fc.assert(
      fc.property(
        arbDefinition,
        fc.array(fc.nat(100), { minLength: 8, maxLength: 8 }),
        fc.nat(),
        (d, picks, which) => {
          const fields = d.steps.flatMap((s) => s.fields);
          const answers = Object.fromEntries(
            fields.map((f, i) => [f.id, validAnswer(f, picks[i])]),
          );
          const visible = visibleFieldIds(d, answers);
          const candidates = fields.filter(
            (f) =>
              f.required && visible.has(f.id) && f.kind !== "yes_no" && !f.kind.endsWith("choice"),
          );
          fc.pre(candidates.length > 0);
          const target = candidates[which % candidates.length];
          answers[target.id] = "";
          const { errors } = validateAnswers(d, answers, "nl");
          expect(Object.keys(errors)).toEqual([target.id]);
          expect(errors[target.id].key).toBe("required");
        },
      ),
    );
  });

  it("never throws on any answer of any type", () => {
    const anyAnswer = fc.oneof(
      fc.string(),
      fc.array(fc.string(), { maxLength: 4 }),
      fc.boolean(),
      fc.double(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(arbDefinition, fc.dictionary(ID, anyAnswer), (d, answers) => {
        const { errors, clean } = validateAnswers(d, answers, "en");
        for (const id of Object.keys(errors)) expect(clean[id]).toBeUndefined();
      }),
    );
  });
});
