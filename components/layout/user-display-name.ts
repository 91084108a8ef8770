import type { CurrentUser } from "@/lib/auth/auth-state";

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/** "Anouk Jansen", else the e-mail address, else undefined (not loaded yet). */
export function userDisplayName(user: CurrentUser | null | undefined): string | undefined {
  if (!user) return undefined;
  const name = [text(user.firstName), text(user.lastName)].filter(Boolean).join(" ");
  return name || text(user.email);
}
