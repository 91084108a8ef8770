import type { TApplicationStatus } from "@/lib/contract/applications";

// The words carry the status; the colour only repeats them (WCAG 1.4.1).
const BADGE: Record<TApplicationStatus, string> = {
  new: "border-sky-800 bg-sky-50 text-sky-900",
  in_conversation: "border-amber-800 bg-amber-50 text-amber-900",
  accepted: "border-emerald-800 bg-emerald-50 text-emerald-900",
  declined: "border-red-800 bg-red-50 text-red-900",
  withdrawn: "border-neutral-700 bg-neutral-100 text-neutral-900",
  closed: "border-neutral-700 bg-neutral-100 text-neutral-900",
};

/** An application's status as a labelled badge. */
export function ApplicationStatusBadge({
  status,
  label,
}: {
  status: TApplicationStatus;
  label: string;
}) {
  return (
    <span
      className={`inline-block rounded-full border px-2.5 py-0.5 text-sm font-semibold ${BADGE[status] ?? BADGE.closed}`}
    >
      {label}
    </span>
  );
}
