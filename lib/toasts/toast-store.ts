/**
 * The toasts on screen and their timers (spec §3, §4, §9). Plain TS on lib/store's
 * pattern, so React reads it with useSyncExternalStore and tests drive it with fake
 * timers: the clock and the timer functions are injectable.
 *
 * Timing: a timed toast runs for `duration` ms of *unpaused* time. While it runs, one
 * timeout removes it when its remaining time is up (so it goes at exactly `duration`),
 * and one shared 16 ms interval refreshes `progress` of every running toast. The interval
 * runs only while at least one toast is running; paused and untimed toasts need no ticks.
 */
import { createStore } from "@/lib/store/create-store";
import { DEFAULT_TOAST_ICONS, type Toast, type ToastInput } from "./toast-types";

/** spec §9: 5000 ms. */
export const DEFAULT_TOAST_DURATION = 5000;
/** spec §9: progress refresh every 16 ms. */
export const TOAST_PROGRESS_INTERVAL = 16;

export interface ToastState {
  /** Oldest first. */
  toasts: readonly Toast[];
}

type TimerHandle = unknown;

export interface ToastClock {
  now: () => number;
  setTimeout: (callback: () => void, ms: number) => TimerHandle;
  clearTimeout: (handle: TimerHandle) => void;
  setInterval: (callback: () => void, ms: number) => TimerHandle;
  clearInterval: (handle: TimerHandle) => void;
}

// Looked up on every call, so fake timers installed after this module loaded still apply.
const systemClock: ToastClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface ToastStore {
  getSnapshot: () => ToastState;
  getServerSnapshot: () => ToastState;
  subscribe: (listener: () => void) => () => void;
  /** Shows a toast and starts its timer; returns its id. */
  add: (input: ToastInput) => string;
  /** Removes a toast (closed, or its time is up); false when there was none with that id. */
  remove: (id: string) => boolean;
  /** Stops the toast's timer, keeping its progress. No-op for untimed or paused toasts. */
  pause: (id: string) => void;
  /** Restarts a paused toast's timer with the time it had left. */
  resume: (id: string) => void;
  /** Removes every toast. */
  clear: () => void;
}

/** Per running-or-paused timed toast: unpaused ms before the current run, and the run. */
interface Timing {
  elapsed: number;
  runningSince: number | null;
  timeout: TimerHandle | null;
}

const EMPTY_STATE: ToastState = Object.freeze({ toasts: Object.freeze([]) as readonly Toast[] });

const isTimed = (duration: number) => Number.isFinite(duration) && duration > 0;

export function createToastStore(clock: ToastClock = systemClock): ToastStore {
  const store = createStore<ToastState>(EMPTY_STATE);
  const timings = new Map<string, Timing>();
  let interval: TimerHandle | null = null;
  let counter = 0;

  const running = () => [...timings.values()].some((timing) => timing.runningSince !== null);

  const progressOf = (toast: Toast, timing: Timing, now: number) => {
    const elapsed = timing.elapsed + (timing.runningSince === null ? 0 : now - timing.runningSince);
    return Math.min(1, Math.max(0, elapsed / toast.duration));
  };

  const stopIntervalWhenIdle = () => {
    if (interval !== null && !running()) {
      clock.clearInterval(interval);
      interval = null;
    }
  };

  const tick = () => {
    const now = clock.now();
    store.setState((state) => ({
      toasts: state.toasts.map((toast) => {
        const timing = timings.get(toast.id);
        if (!timing || timing.runningSince === null) return toast;
        return { ...toast, progress: progressOf(toast, timing, now) };
      }),
    }));
    stopIntervalWhenIdle();
  };

  const run = (toast: Toast, timing: Timing) => {
    timing.runningSince = clock.now();
    timing.timeout = clock.setTimeout(
      () => remove(toast.id),
      Math.max(0, toast.duration - timing.elapsed),
    );
    if (interval === null) interval = clock.setInterval(tick, TOAST_PROGRESS_INTERVAL);
  };

  const update = (id: string, change: Partial<Toast>) => {
    store.setState((state) => ({
      toasts: state.toasts.map((toast) => (toast.id === id ? { ...toast, ...change } : toast)),
    }));
  };

  function remove(id: string): boolean {
    const timing = timings.get(id);
    if (timing?.timeout != null) clock.clearTimeout(timing.timeout);
    timings.delete(id);
    const { toasts } = store.getSnapshot();
    const exists = toasts.some((toast) => toast.id === id);
    if (exists) store.setState({ toasts: toasts.filter((toast) => toast.id !== id) });
    stopIntervalWhenIdle();
    return exists;
  }

  return {
    getSnapshot: store.getSnapshot,
    // Toasts come from browser events; the server always renders none.
    getServerSnapshot: () => EMPTY_STATE,
    subscribe: store.subscribe,

    add(input) {
      counter += 1;
      const color = input.color ?? "primary";
      const duration = input.duration ?? DEFAULT_TOAST_DURATION;
      const timed = isTimed(duration);
      const toast: Toast = {
        id: `toast-${counter}`,
        title: input.title,
        message: input.message,
        color,
        icon: input.icon ?? DEFAULT_TOAST_ICONS[color],
        // A toast without a duration that could not be closed would stay on screen for
        // good, over whatever it covers (WCAG 2.4.11): it is always closable.
        closable: timed ? (input.closable ?? true) : true,
        duration,
        createdAt: clock.now(),
        progress: 0,
        paused: false,
      };
      store.setState((state) => ({ toasts: [...state.toasts, toast] }));
      if (timed) {
        const timing: Timing = { elapsed: 0, runningSince: null, timeout: null };
        timings.set(toast.id, timing);
        run(toast, timing);
      }
      return toast.id;
    },

    remove,

    pause(id) {
      const timing = timings.get(id);
      const toast = store.getSnapshot().toasts.find((t) => t.id === id);
      if (!timing || !toast || timing.runningSince === null) return;
      const now = clock.now();
      const progress = progressOf(toast, timing, now);
      timing.elapsed += now - timing.runningSince;
      timing.runningSince = null;
      if (timing.timeout != null) clock.clearTimeout(timing.timeout);
      timing.timeout = null;
      update(id, { progress, paused: true });
      stopIntervalWhenIdle();
    },

    resume(id) {
      const timing = timings.get(id);
      const toast = store.getSnapshot().toasts.find((t) => t.id === id);
      if (!timing || !toast || timing.runningSince !== null) return;
      update(id, { paused: false });
      run(toast, timing);
    },

    clear() {
      for (const timing of timings.values()) {
        if (timing.timeout != null) clock.clearTimeout(timing.timeout);
      }
      timings.clear();
      store.setState(EMPTY_STATE);
      stopIntervalWhenIdle();
    },
  };
}

/** The browser's toasts. On the server nothing adds any (see getServerSnapshot). */
export const toastStore = createToastStore();
