/**
 * Pluggable headers for the browser client. Features register a provider (the
 * organization store adds Current-Organization-Id and Volunteer-Center-Id) instead of
 * lib/api importing them, so lib/api depends on no feature. Keyed by name, so a
 * module that registers again (hot reload) replaces its provider.
 */
import type { HeaderProvider, HeaderRecord } from "./client";

const providers = new Map<string, HeaderProvider>();

export function setHeaderProvider(name: string, provider: HeaderProvider | null): void {
  if (provider) providers.set(name, provider);
  else providers.delete(name);
}

export async function collectHeaders(): Promise<HeaderRecord> {
  const headers: HeaderRecord = {};
  for (const provider of providers.values()) Object.assign(headers, await provider());
  return headers;
}
