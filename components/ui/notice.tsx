import type { ReactNode } from "react";

/** A success or information message; role="status" announces it politely (spec §8). */
export function Notice({ children }: { children: ReactNode }) {
  return (
    <div
      role="status"
      className="rounded-shape border-2 border-primary-700 bg-primary-50 p-4 text-neutral-900"
    >
      {children}
    </div>
  );
}
