"use client";

// spec §4: the error screen of the pages without app providers (docs/public-pages.md).
export { PublicErrorBoundary as default } from "@/components/errors/public-error-boundary";
