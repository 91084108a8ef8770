import type { TContactPerson } from "./managed-vacancy-types";

export type TContactChoice = { value: string; label: string };

type TPerson = { id: string; firstName?: unknown; lastName?: unknown; email?: unknown };

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** "Anna de Vries", or the e-mail address of someone without a name. */
export function personLabel(person: TPerson): string {
  const name = `${text(person.firstName)} ${text(person.lastName)}`.trim();
  return name || text(person.email) || person.id;
}

/**
 * The contact people the form offers (docs/vacancy-editor.md): the organisation's staff
 * when the caller may list them; else (a member, whom the users list refuses) the caller
 * and the vacancy's current contact person, so saving never changes it behind their back.
 */
export function contactChoices(
  staff: readonly TContactPerson[] | null,
  me: TPerson,
  current: { id: string; name: string | null } | null,
): { choices: TContactChoice[]; limited: boolean } {
  if (staff !== null) {
    const choices = staff.map((person) => ({ value: person.id, label: personLabel(person) }));
    if (current && !choices.some((c) => c.value === current.id)) {
      choices.push({ value: current.id, label: current.name ?? current.id });
    }
    return { choices, limited: false };
  }
  const choices = [{ value: me.id, label: personLabel(me) }];
  if (current && current.id !== me.id) {
    choices.push({ value: current.id, label: current.name ?? current.id });
  }
  return { choices, limited: true };
}
