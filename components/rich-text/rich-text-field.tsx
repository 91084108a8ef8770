"use client";

import { type Ref, useId, useRef } from "react";
import { RichTextEditor, type TRichTextEditorHandle } from "./rich-text-editor";

type Props = {
  label: string;
  hint?: string;
  /** The one message for this field (spec §5), describing the editable area. */
  error?: string;
  required?: boolean;
  value: string;
  onChange: (html: string) => void;
  onBlur?: () => void;
  /** react-hook-form's field.ref (Controller), so an error can focus the editor. */
  ref?: Ref<TRichTextEditorHandle>;
};

/**
 * The rich-text editor with its label, hint and error, laid out as every other field
 * (components/ui/field-shell.tsx). A contenteditable is no labelable element, so the label
 * names it through aria-labelledby and a click on it focuses the editor.
 */
export function RichTextField({
  label,
  hint,
  error,
  required,
  value,
  onChange,
  onBlur,
  ref,
}: Props) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const editor = useRef<TRichTextEditorHandle | null>(null);
  const setRef = (handle: TRichTextEditorHandle | null) => {
    editor.current = handle;
    if (typeof ref === "function") ref(handle);
    else if (ref) ref.current = handle;
  };
  return (
    <div className="flex flex-col gap-1">
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer convenience like a <label>'s; keyboard users reach the editor by Tab */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above, the editor itself takes the keyboard */}
      <span
        id={labelId}
        className="cursor-default font-medium text-neutral-900"
        onClick={() => editor.current?.focus()}
      >
        {label}
      </span>
      {hint ? (
        <p id={hintId} className="text-sm text-neutral-700">
          {hint}
        </p>
      ) : null}
      <RichTextEditor
        ref={setRef}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        labelId={labelId}
        describedBy={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        invalid={Boolean(error)}
        required={required}
      />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
