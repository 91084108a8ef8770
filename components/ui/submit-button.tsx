"use client";

import type { ReactNode } from "react";
import { Button } from "./button";

type Props = { pending: boolean; pendingLabel: string; children: ReactNode; className?: string };

/**
 * Submit button that shows progress. While pending it is aria-disabled rather than
 * disabled, so keyboard focus stays on it, and a second click does not submit twice.
 */
export function SubmitButton({ pending, pendingLabel, children, className }: Props) {
  return (
    <Button
      type="submit"
      className={className}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) event.preventDefault();
      }}
    >
      {pending ? pendingLabel : children}
    </Button>
  );
}
