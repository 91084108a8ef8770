"use client";
import { useCallback, useEffect, useRef, useState } from "react";

export type TMessages = Readonly<Record<string, string | undefined>>;

/**
 * Field messages that hold still while a pointer is pressed on the form.
 *
 * Validation runs on blur (spec §5, docs/decisions.md "Forms"), and pressing a button blurs
 * the field before the button is released: a message that appears or goes away then moves
 * everything below it, the button included, and the release lands beside the button, so the
 * click is lost (seen in the e2e run: "Add link" after fixing the address above it did
 * nothing). Between pointerdown and pointerup the form shows the messages it showed at
 * pointerdown; once the click is done it shows the current ones. Nothing changes for keyboard users.
 *
 * Spread `onPointerDownCapture` on the <form>; read the messages from `messages`.
 */
export function useSteadyMessages(current: TMessages): {
  messages: TMessages;
  onPointerDownCapture: () => void;
} {
  const [held, setHeld] = useState<TMessages | null>(null);
  const latest = useRef(current);
  latest.current = current;
  const release = useRef<(() => void) | null>(null);

  const onPointerDownCapture = useCallback(() => {
    setHeld({ ...latest.current });
    if (release.current) return;
    const done = () => {
      window.removeEventListener("pointerup", later, true);
      window.removeEventListener("pointercancel", later, true);
      release.current = null;
      setHeld(null);
    };
    // pointerup comes before mouseup and click, all in the same task: let go only after the
    // click has found its target.
    const later = () => window.setTimeout(done, 0);
    release.current = done;
    window.addEventListener("pointerup", later, true);
    window.addEventListener("pointercancel", later, true);
  }, []);

  useEffect(() => () => release.current?.(), []);

  return { messages: held ?? current, onPointerDownCapture };
}
