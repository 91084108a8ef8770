import type { ReactNode } from "react";

type Props = { title?: string; children?: ReactNode };

/**
 * Form-level error. The role="alert" region is always rendered so screen readers
 * announce a message the moment it appears; it is empty (and invisible) without one.
 */
export function FormError({ title, children }: Props) {
  const hasMessage = Boolean(title || children);
  return (
    <div role="alert">
      {hasMessage ? (
        <div className="rounded-shape border-2 border-danger-700 bg-danger-50 p-4 text-danger-800">
          {title ? <p className="font-semibold">{title}</p> : null}
          {children ? <div className={title ? "mt-1" : undefined}>{children}</div> : null}
        </div>
      ) : null}
    </div>
  );
}
