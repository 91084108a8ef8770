import type { ReactNode } from "react";

/** The page's one h1 (spec §2: page title and description). */
export function PageTitle({
  children,
  description,
}: {
  children: ReactNode;
  description?: ReactNode;
}) {
  return (
    <div className="mb-6">
      <h1 className="text-3xl font-bold text-neutral-900">{children}</h1>
      {description ? <p className="mt-2 text-neutral-700">{description}</p> : null}
    </div>
  );
}
