import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import type { Database } from "../db/client";
import type { TSearchSummary } from "./vacancy-search";

/**
 * The public search's count and facets, kept per api process (docs/vacancies-search.md,
 * "Counts and facets: cache and invalidation"). Each tenant has a generation; an entry is
 * stored under the generation its search started in, so a summary computed while a write
 * committed is filed under the old generation and never read again. A change to a tenant
 * (`changed`, after the write's commit, or a `vacancy_search` notification from any process)
 * moves the tenant to a new generation: every summary of that tenant is gone at once, those
 * of other tenants stay. The TTL bounds how long an entry lives should a notification be
 * lost; while the listener is down (`listening(false)`) nothing is kept at all.
 */
export class SearchSummaryCache {
  private readonly entries: LRUCache<string, TSearchSummary>;
  /** Small facts a search resolves first (the site's centres, tag ids by slug). */
  private readonly facts: LRUCache<string, { value: unknown }>;
  private readonly generations = new Map<number, number>();
  /** Bumped by clear(): every tenant's generation is new. */
  private epoch = 0;
  /** Not before the listener listens: until then other processes' changes go unseen. */
  private trusted = false;

  constructor(options: { ttlMs: number; max?: number }) {
    this.entries = new LRUCache({ max: options.max ?? 5_000, ttl: options.ttlMs });
    this.facts = new LRUCache({ max: options.max ?? 5_000, ttl: options.ttlMs });
  }

  /** Where a search that starts now files its summary: pass it to get and set. */
  generation(tenantId: number): string {
    return `${tenantId}.${this.epoch}.${this.generations.get(tenantId) ?? 0}`;
  }

  get(generation: string, key: string): TSearchSummary | undefined {
    return this.trusted ? this.entries.get(`${generation}|${key}`) : undefined;
  }

  /** Kept only when no change came in since `generation` was taken. */
  set(generation: string, key: string, summary: TSearchSummary): void {
    if (this.current(generation)) this.entries.set(`${generation}|${key}`, summary);
  }

  /**
   * A fact of the tenant's tables (centres, tags) under the same rules as the summaries:
   * computed once per generation, forgotten with them.
   */
  async remember<T>(generation: string, key: string, compute: () => Promise<T>): Promise<T> {
    const hit = this.trusted ? this.facts.get(`${generation}|${key}`) : undefined;
    if (hit) return hit.value as T;
    const value = await compute();
    if (this.current(generation)) this.facts.set(`${generation}|${key}`, { value });
    return value;
  }

  /**
   * Whether what is filed under `generation` is kept: not while the change listener is
   * down, nor once the tenant changed since the generation was taken.
   */
  keeps(generation: string): boolean {
    return this.current(generation);
  }

  private current(generation: string): boolean {
    const tenantId = Number(generation.slice(0, generation.indexOf(".")));
    return this.trusted && generation === this.generation(tenantId);
  }

  /** The tenant's vacancies, tags or organisations changed (committed). */
  changed(tenantId: number): void {
    this.generations.set(tenantId, (this.generations.get(tenantId) ?? 0) + 1);
    const prefix = `${tenantId}.`;
    for (const cache of [this.entries, this.facts] as LRUCache<string, object>[]) {
      for (const key of [...cache.keys()]) {
        if (key.startsWith(prefix)) cache.delete(key);
      }
    }
  }

  /** Every tenant may have changed (a lost notification): forget everything. */
  clear(): void {
    this.epoch += 1;
    this.entries.clear();
    this.facts.clear();
  }

  /**
   * Whether changes of other processes reach this one. False while the listening
   * connection is down: nothing is kept or answered from the cache until it is back.
   */
  listening(on: boolean): void {
    this.clear();
    this.trusted = on;
  }
}

/** Migration 0031's triggers notify it with the tenant id of every change. */
export const SEARCH_CHANNEL = "vacancy_search";

/**
 * The api's cache (null when SEARCH_SUMMARY_CACHE_MS is 0), listening on SEARCH_CHANNEL from
 * when the app is ready until it closes: a change committed by any process (another api
 * worker, the job worker, a script) forgets that tenant's summaries here too.
 */
export function searchSummaryCache(
  app: FastifyInstance,
  database: Database,
): SearchSummaryCache | null {
  const ttlMs = app.config.SEARCH_SUMMARY_CACHE_MS;
  if (ttlMs <= 0) return null;
  const cache = new SearchSummaryCache({ ttlMs });
  let stop: (() => Promise<void>) | null = null;
  app.addHook("onReady", async () => {
    stop = await database.listen(SEARCH_CHANNEL, {
      onNotify: (payload) => {
        const tenantId = Number(payload);
        if (Number.isInteger(tenantId)) cache.changed(tenantId);
        else cache.clear();
      },
      onListening: () => cache.listening(true),
      onLost: (error) => {
        cache.listening(false);
        app.log.warn(
          { err: error },
          "search change listener lost: counts and facets are not cached until it is back",
        );
      },
    });
  });
  app.addHook("onClose", async () => {
    await stop?.();
  });
  return cache;
}
