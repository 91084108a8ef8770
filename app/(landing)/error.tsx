"use client";

// spec §4: the error screen of the pages without app providers (docs/public-pages.md).
export { PublicErrorShell as default } from "@/components/errors/public-error-shell";
