import type { ReactNode } from "react";
import { Button } from "./button";

/**
 * A submit button of a form that can be sent more than one way (save, publish): it says
 * which way it sends it. While saving, every such button waits (aria-disabled: focus stays,
 * a second click sends nothing), and the one that sent shows `pendingLabel`.
 */
export function SendButton({
  pending,
  busy,
  pendingLabel,
  onClick,
  variant = "neutral",
  children,
}: {
  pending: boolean;
  /** This button sent what is being saved. */
  busy: boolean;
  pendingLabel: string;
  onClick: () => void;
  variant?: "neutral" | "outline";
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant={variant}
      aria-disabled={pending || undefined}
      onClick={(event) => {
        if (pending) {
          event.preventDefault();
          return;
        }
        onClick();
      }}
    >
      {busy ? pendingLabel : children}
    </Button>
  );
}
