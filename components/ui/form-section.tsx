import type { ReactNode } from "react";

/** A titled group of a long form's fields (a fieldset with its legend). */
export function FormSection({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4 rounded-shape-lg border-2 border-neutral-300 bg-white p-5">
      <legend className="px-1 font-bold text-lg text-neutral-900">{legend}</legend>
      {children}
    </fieldset>
  );
}
