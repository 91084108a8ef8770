import type { ReactNode } from "react";

type Props = {
  children: ReactNode;
  /** A line under the title; in the same <hgroup>, which ties it to the heading. */
  description?: ReactNode;
  /** Buttons or links for the page as a whole ('Add vacancy'), beside the title on wide screens. */
  actions?: ReactNode;
};

/** The page's one h1 (spec §2: page title and description). */
export function PageTitle({ children, description, actions }: Props) {
  const heading = (
    <hgroup>
      <h1 className="text-3xl font-bold text-neutral-900">{children}</h1>
      {description ? <p className="mt-2 text-neutral-700">{description}</p> : null}
    </hgroup>
  );
  if (!actions) return <div className="mb-6">{heading}</div>;
  return (
    <div className="mb-6 flex flex-wrap items-start justify-between gap-4">
      <div className="min-w-0 flex-1">{heading}</div>
      <div className="flex flex-wrap items-center gap-2">{actions}</div>
    </div>
  );
}
