"use client";

import { useTranslations } from "next-intl";
import { type KeyboardEvent, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Icon } from "@/components/ui/icon";
import { VOLUNTEER_PROFILE_LIMITS } from "@/lib/contract/volunteer-profile";

type Props = {
  skills: readonly string[];
  onChange: (skills: string[]) => void;
  /** A message about the list as saved (the api's, or the form's own rules). */
  error?: string;
};

const { skills: MAX_SKILLS, skill: MAX_LENGTH } = VOLUNTEER_PROFILE_LIMITS;

/**
 * Skills as chips: typed one at a time (Enter or "Toevoegen"), each removable by its own
 * button, which names the skill. What cannot be added (empty, too long, already there, the
 * twentieth) is said at the input at once, so the limits are met before anything is sent.
 * Removing one puts focus on the input: the button that had it is gone.
 */
export function SkillsEditor({ skills, onChange, error }: Props) {
  const t = useTranslations("profile.skills");
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const message = problem ?? error;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const add = () => {
    const skill = draft.trim();
    if (skill === "") return setProblem(t("empty"));
    if (skill.length > MAX_LENGTH) return setProblem(t("tooLong", { max: String(MAX_LENGTH) }));
    if (skills.some((s) => s.toLocaleLowerCase() === skill.toLocaleLowerCase()))
      return setProblem(t("duplicate", { skill }));
    if (skills.length >= MAX_SKILLS) return setProblem(t("tooMany", { max: String(MAX_SKILLS) }));
    setProblem(null);
    setDraft("");
    onChange([...skills, skill]);
    input.current?.focus();
  };
  const remove = (skill: string) => {
    setProblem(null);
    onChange(skills.filter((s) => s !== skill));
    input.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter adds the skill instead of sending the whole form.
    if (event.key === "Enter") {
      event.preventDefault();
      add();
    }
  };

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 font-semibold text-neutral-900">{t("legend")}</legend>
      <p id={hintId} className="text-sm text-neutral-700">
        {t("hint", { max: String(MAX_SKILLS), length: String(MAX_LENGTH) })}
      </p>
      {skills.length > 0 ? (
        <ul aria-label={t("list")} className="flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li
              key={skill}
              className="inline-flex items-center gap-1 rounded-full border-2 border-neutral-700 bg-white py-0.5 pr-0.5 pl-3"
            >
              <span>{skill}</span>
              <button
                type="button"
                onClick={() => remove(skill)}
                className="inline-flex size-11 items-center justify-center rounded-full hover:bg-neutral-100"
              >
                <Icon name="close" label={t("remove", { skill })} />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <label htmlFor={id} className="font-medium text-neutral-900">
            {t("new")}
          </label>
          <input
            ref={input}
            id={id}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={onKeyDown}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${hintId} ${errorId}` : hintId}
            className={`rounded-shape border-2 bg-white px-3 py-2 text-base text-neutral-900 ${message ? "border-danger-700" : "border-neutral-500"}`}
          />
        </div>
        <Button variant="outline" size="sm" className="min-h-11" onClick={add}>
          {t("add")}
        </Button>
      </div>
      {message ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {message}
        </p>
      ) : null}
    </fieldset>
  );
}
