"use client";

import { useTranslations } from "next-intl";
import { useController, useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { TextareaField } from "@/components/ui/textarea-field";
import { FORM_LIMITS, isChoiceKind, isInputKind, type TFieldKind } from "@/lib/contract/forms";
import {
  BOUND_KINDS,
  earlierQuestions,
  newOption,
  PATTERN_KINDS,
  type TBuilderValues,
  type TFieldValues,
  YES_NO_VALUES,
} from "@/lib/form-builder/builder-form";
import { boundLabels } from "./field-kinds";

type TMessage = (path: string) => string | undefined;

/** One field's settings; what is offered follows its kind (the contract's rules). */
export function FieldEditor({
  stepIndex,
  fieldIndex,
  message,
}: {
  stepIndex: number;
  fieldIndex: number;
  message: TMessage;
}) {
  const t = useTranslations("formBuilder.field");
  const tAll = useTranslations();
  const { register, control } = useFormContext<TBuilderValues>();
  const base = `definition.steps.${stepIndex}.fields.${fieldIndex}` as const;
  const kind = useWatch({ control, name: `${base}.kind` }) as TFieldKind;
  const input = isInputKind(kind);
  const bounds = boundLabels(tAll, kind);
  const labelName =
    kind === "heading" ? t("heading") : kind === "paragraph" ? t("title") : t("label");
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={`${labelName} (${t("nl")})`}
          required
          maxLength={FORM_LIMITS.label}
          autoComplete="off"
          error={message(`${base}.label.nl`)}
          {...register(`${base}.label.nl`)}
        />
        <TextField
          label={`${labelName} (${t("en")})`}
          hint={t("enHint")}
          maxLength={FORM_LIMITS.label}
          autoComplete="off"
          error={message(`${base}.label.en`)}
          {...register(`${base}.label.en`)}
        />
      </div>
      {kind === "paragraph" ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextareaField
            label={`${t("text")} (${t("nl")})`}
            required
            rows={4}
            maxLength={FORM_LIMITS.paragraph}
            error={message(`${base}.text.nl`)}
            {...register(`${base}.text.nl`)}
          />
          <TextareaField
            label={`${t("text")} (${t("en")})`}
            rows={4}
            maxLength={FORM_LIMITS.paragraph}
            error={message(`${base}.text.en`)}
            {...register(`${base}.text.en`)}
          />
        </div>
      ) : null}
      {input ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={`${t("help")} (${t("nl")})`}
            maxLength={FORM_LIMITS.help}
            autoComplete="off"
            error={message(`${base}.help.nl`)}
            {...register(`${base}.help.nl`)}
          />
          <TextField
            label={`${t("help")} (${t("en")})`}
            maxLength={FORM_LIMITS.help}
            autoComplete="off"
            error={message(`${base}.help.en`)}
            {...register(`${base}.help.en`)}
          />
        </div>
      ) : null}
      {input ? (
        <label className="flex min-h-11 items-center gap-3 text-neutral-900">
          <input
            type="checkbox"
            className="size-5 accent-neutral-800"
            {...register(`${base}.required`)}
          />
          {t("required")}
        </label>
      ) : null}
      {BOUND_KINDS.includes(kind) ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={bounds.min}
            type={kind === "date" ? "date" : "text"}
            inputMode={kind === "date" ? undefined : "decimal"}
            autoComplete="off"
            error={message(`${base}.min`)}
            {...register(`${base}.min`)}
          />
          <TextField
            label={bounds.max}
            type={kind === "date" ? "date" : "text"}
            inputMode={kind === "date" ? undefined : "decimal"}
            autoComplete="off"
            error={message(`${base}.max`)}
            {...register(`${base}.max`)}
          />
        </div>
      ) : null}
      {PATTERN_KINDS.includes(kind) ? (
        <TextField
          label={t("pattern")}
          hint={t("patternHint")}
          maxLength={FORM_LIMITS.pattern}
          autoComplete="off"
          spellCheck={false}
          error={message(`${base}.pattern`)}
          {...register(`${base}.pattern`)}
        />
      ) : null}
      {isChoiceKind(kind) ? <OptionsEditor base={base} message={message} /> : null}
      <ConditionEditor stepIndex={stepIndex} fieldIndex={fieldIndex} message={message} />
    </div>
  );
}

function OptionsEditor({
  base,
  message,
}: {
  base: `definition.steps.${number}.fields.${number}`;
  message: TMessage;
}) {
  const t = useTranslations("formBuilder.field");
  const { register, control, getValues } = useFormContext<TBuilderValues>();
  const options = useFieldArray({ control, name: `${base}.options` });
  const error = message(`${base}.options`);
  return (
    <fieldset
      className="flex flex-col gap-3"
      aria-describedby={error ? `${base}-options-error` : undefined}
    >
      <legend className="mb-1 font-semibold text-neutral-900">{t("options")}</legend>
      <ol className="flex flex-col gap-3">
        {options.fields.map((option, index) => (
          <li key={option.id} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
            <TextField
              label={t("optionNl", { position: index + 1 })}
              required
              maxLength={FORM_LIMITS.label}
              autoComplete="off"
              error={message(`${base}.options.${index}.label.nl`)}
              {...register(`${base}.options.${index}.label.nl`)}
            />
            <TextField
              label={t("optionEn", { position: index + 1 })}
              maxLength={FORM_LIMITS.label}
              autoComplete="off"
              error={message(`${base}.options.${index}.label.en`)}
              {...register(`${base}.options.${index}.label.en`)}
            />
            <Button size="sm" variant="outline" onClick={() => options.remove(index)}>
              {t("removeOption")}
              <span className="sr-only"> {t("optionNl", { position: index + 1 })}</span>
            </Button>
          </li>
        ))}
      </ol>
      {error ? (
        <p id={`${base}-options-error`} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
      <div>
        <Button
          size="sm"
          variant="outline"
          onClick={() =>
            options.append(newOption((getValues(`${base}.options`) ?? []).map((o) => o.value)), {
              focusName: `${base}.options.${options.fields.length}.label.nl`,
            })
          }
        >
          {t("addOption")}
        </Button>
      </div>
    </fieldset>
  );
}

/**
 * "Show this field only when…": the choice of question holds only the questions before this
 * field (the contract refuses any other, so no cycle can form); the values are the chosen
 * question's options, or yes and no, and none ticked means "has any answer".
 */
function ConditionEditor({
  stepIndex,
  fieldIndex,
  message,
}: {
  stepIndex: number;
  fieldIndex: number;
  message: TMessage;
}) {
  const t = useTranslations("formBuilder.field");
  const { control, setValue } = useFormContext<TBuilderValues>();
  const base = `definition.steps.${stepIndex}.fields.${fieldIndex}.condition` as const;
  const steps = useWatch({ control, name: "definition.steps" }) ?? [];
  const earlier = earlierQuestions(steps, stepIndex, fieldIndex);
  const { field: target } = useController({ control, name: `${base}.field` });
  const { field: values } = useController({ control, name: `${base}.values` });
  const chosen = earlier.find((q) => q.id === target.value);
  const choices = valueChoices(chosen, t("yes"), t("no"));
  const selected = new Set(values.value ?? []);
  const valuesError = message(`${base}.values`);
  const name = (q: TFieldValues, position: number) =>
    q.label.nl.trim() || t("unnamedQuestion", { position });
  // A condition on a question that is no longer before this field stays visible, so saving
  // names it instead of it disappearing unnoticed.
  const stale =
    target.value !== "" && !chosen ? [{ value: target.value, label: target.value }] : [];
  return (
    <fieldset className="flex flex-col gap-3 rounded-shape border border-neutral-300 p-3">
      <legend className="px-1 font-semibold text-neutral-900">{t("condition")}</legend>
      <SelectField
        label={t("conditionField")}
        hint={earlier.length === 0 ? t("conditionNone") : t("conditionHint")}
        placeholder={t("always")}
        options={[...earlier.map((q, i) => ({ value: q.id, label: name(q, i + 1) })), ...stale]}
        error={message(`${base}.field`)}
        name={target.name}
        ref={target.ref}
        value={target.value}
        onBlur={target.onBlur}
        onChange={(event) => {
          target.onChange(event.currentTarget.value);
          setValue(`${base}.values`, []);
        }}
      />
      {chosen && choices.length > 0 ? (
        <fieldset
          className="flex flex-col gap-2"
          aria-describedby={valuesError ? `${base}-values-error` : `${base}-values-hint`}
        >
          <legend className="font-medium text-neutral-900">{t("conditionValues")}</legend>
          <p id={`${base}-values-hint`} className="text-sm text-neutral-700">
            {t("conditionValuesHint")}
          </p>
          {choices.map((choice) => (
            <label key={choice.value} className="flex min-h-11 items-center gap-3 text-neutral-900">
              <input
                type="checkbox"
                className="size-5 accent-neutral-800"
                checked={selected.has(choice.value)}
                onChange={(event) => {
                  const next = new Set(selected);
                  if (event.currentTarget.checked) next.add(choice.value);
                  else next.delete(choice.value);
                  values.onChange(choices.map((c) => c.value).filter((v) => next.has(v)));
                }}
              />
              {choice.label}
            </label>
          ))}
          {valuesError ? (
            <p id={`${base}-values-error`} className="text-sm font-medium text-danger-700">
              {valuesError}
            </p>
          ) : null}
        </fieldset>
      ) : chosen ? (
        <p className="text-sm text-neutral-700">{t("conditionAnswered")}</p>
      ) : null}
    </fieldset>
  );
}

function valueChoices(question: TFieldValues | undefined, yes: string, no: string) {
  if (!question) return [];
  if (isChoiceKind(question.kind))
    return question.options.map((o, i) => ({
      value: o.value,
      label: o.label.nl.trim() || `${i + 1}`,
    }));
  if (question.kind === "yes_no" || question.kind === "consent")
    return YES_NO_VALUES.map((value) => ({ value, label: value === "yes" ? yes : no }));
  return [];
}
