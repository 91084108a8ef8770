import { type ReactNode, useId } from "react";

export type TFieldControlProps = {
  id: string;
  "aria-required": true | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type Props = {
  label: string;
  /** The one message for this field (spec §5), tied to the control with aria-describedby. */
  error?: string;
  hint?: string;
  required?: boolean;
  className?: string;
  /** The control, given the id and aria attributes that tie it to label, hint and error. */
  children: (control: TFieldControlProps) => ReactNode;
};

/** The label, hint and error around one form control, wired for assistive technology. */
export function FieldShell({ label, error, hint, required, className, children }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`flex flex-col gap-1 ${className ?? ""}`}>
      <label htmlFor={id} className="font-medium text-neutral-900">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-neutral-700">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        // Our own messages replace the browser's, so mark required without native validation.
        "aria-required": required || undefined,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
      })}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The border of a control: red while it has an error. */
export const controlBorder = (error: string | undefined) =>
  error ? "border-danger-700" : "border-neutral-500";
