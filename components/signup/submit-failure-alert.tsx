import { FormError } from "@/components/ui/form-error";
import type { TSubmitFailure } from "./field-problem-text";
import { TakenActions } from "./taken-actions";

/**
 * The sign-up forms' form-level message. FormError shows its box whenever it has children,
 * so they are passed only when there is something to say.
 */
export function SubmitFailureAlert({ failure }: { failure: TSubmitFailure | null }) {
  const body =
    failure?.description || failure?.taken ? (
      <>
        {failure.description}
        {failure.taken ? <TakenActions /> : null}
      </>
    ) : undefined;
  return <FormError title={failure?.title}>{body}</FormError>;
}
