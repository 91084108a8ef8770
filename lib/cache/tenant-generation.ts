// A number per tenant that goes up whenever the api says the tenant's public content changed
// (docs/page-cache.md). Every cache of public data in the web process puts it in its keys:
// after a change no render reads an answer fetched before it, and a render or a fetch that
// was under way when the change came stores its result under the old number, where no one
// looks again, instead of over the fresh one (no abort, no race).
//
// One store per process, kept on globalThis: scripts/web-server.ts (which receives the call)
// and Next's bundles (which render) each load their own copy of this module.

type TStore = { generations: Map<string, number> };

const KEY = Symbol.for("volunteerly.tenant-generations");

function store(): TStore {
  const holder = globalThis as { [KEY]?: TStore };
  holder[KEY] ??= { generations: new Map() };
  return holder[KEY];
}

/** The tenant's current generation (0 until its first change). */
export function tenantGeneration(slug: string): number {
  return store().generations.get(slug) ?? 0;
}

/** The tenant's public content changed: every cache keyed on the old number is bypassed. */
export function bumpTenantGeneration(slug: string): number {
  const next = tenantGeneration(slug) + 1;
  store().generations.set(slug, next);
  return next;
}

/** The key prefix of a tenant's cached data: the slug and its generation. */
export function tenantCacheScope(slug: string): string {
  return `${slug}#${tenantGeneration(slug)}`;
}
