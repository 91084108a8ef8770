import type { ComponentProps } from "react";

export function Card({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      className={`rounded-shape-lg border border-neutral-300 bg-white p-6 shadow-sm sm:p-8 ${className ?? ""}`}
      {...props}
    />
  );
}
