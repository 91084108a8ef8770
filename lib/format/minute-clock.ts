/** How often relative times refresh in the browser. */
export const CLOCK_INTERVAL_MS = 60_000;

export interface MinuteClock {
  /** The time of the last tick, in ms: stable between ticks, as useSyncExternalStore needs. */
  getSnapshot: () => number;
  subscribe: (listener: () => void) => () => void;
}

/**
 * A clock that ticks once a minute while anything listens: one timer for every
 * <RelativeTime> on the page, none when there is none.
 */
export function createMinuteClock(
  now: () => number = Date.now,
  intervalMs = CLOCK_INTERVAL_MS,
): MinuteClock {
  let current = now();
  let timer: ReturnType<typeof setInterval> | null = null;
  const listeners = new Set<() => void>();

  const tick = () => {
    current = now();
    for (const listener of listeners) listener();
  };

  return {
    getSnapshot: () => current,
    subscribe(listener) {
      listeners.add(listener);
      if (timer === null) {
        // The time may be stale after a while without listeners; React reads the snapshot
        // again right after subscribing and re-renders when it moved.
        current = now();
        timer = setInterval(tick, intervalMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer !== null) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
  };
}

/** The browser's clock. Never read on the server: components pass a server snapshot. */
export const minuteClock = createMinuteClock();
