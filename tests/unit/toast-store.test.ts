import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  createToastStore,
  DEFAULT_TOAST_DURATION,
  TOAST_PROGRESS_INTERVAL,
  type ToastStore,
} from "@/lib/toasts/toast-store";
import { DEFAULT_TOAST_ICONS, TOAST_COLORS } from "@/lib/toasts/toast-types";

let store: ToastStore;

beforeEach(() => {
  vi.useFakeTimers({ now: new Date("2026-03-02T10:00:00Z") });
  store = createToastStore();
});
afterEach(() => {
  store.clear();
  vi.useRealTimers();
});

const toasts = () => store.getSnapshot().toasts;
const toast = (id: string) => toasts().find((t) => t.id === id);

describe("toast store: constants of spec §9", () => {
  it("has a default duration of 5000 ms and a progress refresh of 16 ms", () => {
    expect(DEFAULT_TOAST_DURATION).toBe(5000);
    expect(TOAST_PROGRESS_INTERVAL).toBe(16);
  });
});

describe("toast store: adding", () => {
  it("adds a toast with the fields of spec §3 and returns its id", () => {
    const id = store.add({ title: "Saved", message: "All good", color: "success" });
    expect(toast(id)).toEqual({
      id,
      title: "Saved",
      message: "All good",
      color: "success",
      icon: "check-circle",
      closable: true,
      duration: 5000,
      createdAt: Date.parse("2026-03-02T10:00:00Z"),
      progress: 0,
      paused: false,
    });
  });

  it("defaults to primary, gives each colour its own icon and keeps a custom one", () => {
    expect(toast(store.add({ title: "x" }))?.color).toBe("primary");
    for (const color of TOAST_COLORS) {
      expect(toast(store.add({ title: color, color }))?.icon).toBe(DEFAULT_TOAST_ICONS[color]);
    }
    expect(toast(store.add({ title: "x", color: "info", icon: "chat" }))?.icon).toBe("chat");
    expect(new Set(Object.values(DEFAULT_TOAST_ICONS)).size).toBeGreaterThanOrEqual(5);
  });

  it("gives every toast its own id and keeps them oldest first", () => {
    const a = store.add({ title: "a" });
    const b = store.add({ title: "b" });
    expect(a).not.toBe(b);
    expect(toasts().map((t) => t.title)).toEqual(["a", "b"]);
  });

  it("tells subscribers about changes and stops when unsubscribed", () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.add({ title: "a", duration: 0 });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.add({ title: "b", duration: 0 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("renders no toasts on the server", () => {
    store.add({ title: "a" });
    expect(store.getServerSnapshot().toasts).toEqual([]);
  });
});

describe("toast store: progress and removal (spec §4)", () => {
  it("refreshes progress every 16 ms", () => {
    const id = store.add({ title: "a", duration: 1600 });
    expect(toast(id)?.progress).toBe(0);
    vi.advanceTimersByTime(15);
    expect(toast(id)?.progress).toBe(0);
    vi.advanceTimersByTime(1);
    expect(toast(id)?.progress).toBeCloseTo(0.01, 10);
    vi.advanceTimersByTime(16);
    expect(toast(id)?.progress).toBeCloseTo(0.02, 10);
    vi.advanceTimersByTime(16 * 48);
    expect(toast(id)?.progress).toBeCloseTo(0.5, 10);
  });

  it("removes the toast exactly when its duration has elapsed", () => {
    const id = store.add({ title: "a", duration: 1000 });
    vi.advanceTimersByTime(999);
    expect(toast(id)).toBeDefined();
    expect(toast(id)?.progress).toBeGreaterThan(0.98);
    vi.advanceTimersByTime(1);
    expect(toast(id)).toBeUndefined();
  });

  it("keeps a toast without a duration for 5000 ms", () => {
    const id = store.add({ title: "a" });
    vi.advanceTimersByTime(4999);
    expect(toast(id)).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(toast(id)).toBeUndefined();
  });

  it.each([0, -1, -5000])("keeps a toast with duration %i until it is closed", (duration) => {
    const id = store.add({ title: "a", duration });
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(toast(id)).toMatchObject({ progress: 0, closable: true });
    // Nothing runs for it: no timeout, no progress interval.
    expect(vi.getTimerCount()).toBe(0);
    expect(store.remove(id)).toBe(true);
    expect(toast(id)).toBeUndefined();
  });

  it("makes a toast that stays until closed closable even when asked not to be", () => {
    expect(toast(store.add({ title: "a", duration: 0, closable: false }))?.closable).toBe(true);
    expect(toast(store.add({ title: "b", duration: 3000, closable: false }))?.closable).toBe(false);
  });

  it("times each toast on its own", () => {
    const a = store.add({ title: "a", duration: 1000 });
    vi.advanceTimersByTime(400);
    const b = store.add({ title: "b", duration: 1000 });
    vi.advanceTimersByTime(600);
    expect(toast(a)).toBeUndefined();
    expect(toast(b)).toBeDefined();
    vi.advanceTimersByTime(400);
    expect(toast(b)).toBeUndefined();
  });
});

describe("toast store: pause and resume (spec §4)", () => {
  it("keeps the progress while paused, however long", () => {
    const id = store.add({ title: "a", duration: 1600 });
    vi.advanceTimersByTime(400);
    store.pause(id);
    expect(toast(id)).toMatchObject({ paused: true, progress: 0.25 });
    vi.advanceTimersByTime(10_000);
    expect(toast(id)).toMatchObject({ paused: true, progress: 0.25 });
  });

  it("runs on with the remaining time after resume, not a fresh duration", () => {
    const id = store.add({ title: "a", duration: 1000 });
    vi.advanceTimersByTime(700);
    store.pause(id);
    vi.advanceTimersByTime(5000);
    store.resume(id);
    expect(toast(id)?.paused).toBe(false);
    vi.advanceTimersByTime(299);
    expect(toast(id)).toBeDefined();
    expect(toast(id)?.progress).toBeGreaterThan(0.98);
    vi.advanceTimersByTime(1);
    expect(toast(id)).toBeUndefined();
  });

  it("adds up several pauses", () => {
    const id = store.add({ title: "a", duration: 1000 });
    for (let i = 0; i < 3; i++) {
      vi.advanceTimersByTime(300);
      store.pause(id);
      vi.advanceTimersByTime(2000);
      store.resume(id);
    }
    vi.advanceTimersByTime(99);
    expect(toast(id)).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(toast(id)).toBeUndefined();
  });

  it("ignores a second pause, a resume of a running toast and unknown ids", () => {
    const id = store.add({ title: "a", duration: 1000 });
    vi.advanceTimersByTime(200);
    store.pause(id);
    vi.advanceTimersByTime(200);
    store.pause(id);
    store.resume(id);
    store.resume(id);
    store.pause("nope");
    store.resume("nope");
    vi.advanceTimersByTime(799);
    expect(toast(id)).toBeDefined();
    vi.advanceTimersByTime(1);
    expect(toast(id)).toBeUndefined();
  });

  it("does nothing to a toast that stays until closed", () => {
    const id = store.add({ title: "a", duration: 0 });
    store.pause(id);
    expect(toast(id)?.paused).toBe(false);
    store.resume(id);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("pauses one toast and lets the others run", () => {
    const a = store.add({ title: "a", duration: 1000 });
    const b = store.add({ title: "b", duration: 1000 });
    store.pause(a);
    vi.advanceTimersByTime(1000);
    expect(toast(a)).toBeDefined();
    expect(toast(b)).toBeUndefined();
  });
});

describe("toast store: closing", () => {
  it("removes a toast early and cancels its timer", () => {
    const listener = vi.fn();
    const id = store.add({ title: "a", duration: 1000 });
    store.subscribe(listener);
    vi.advanceTimersByTime(100);
    expect(store.remove(id)).toBe(true);
    expect(toast(id)).toBeUndefined();
    listener.mockClear();
    vi.advanceTimersByTime(2000);
    expect(listener).not.toHaveBeenCalled();
    expect(store.remove(id)).toBe(false);
  });

  it("removes a paused toast", () => {
    const id = store.add({ title: "a", duration: 1000 });
    store.pause(id);
    store.remove(id);
    expect(toasts()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("clears every toast", () => {
    store.add({ title: "a" });
    store.add({ title: "b", duration: 0 });
    store.clear();
    expect(toasts()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe("toast store: the 16 ms interval", () => {
  it("runs only while a toast is running", () => {
    expect(vi.getTimerCount()).toBe(0);
    const id = store.add({ title: "a", duration: 1000 });
    // Its removal timeout and the shared progress interval.
    expect(vi.getTimerCount()).toBe(2);
    store.add({ title: "b", duration: 1000 });
    expect(vi.getTimerCount()).toBe(3);
    store.clear();
    expect(vi.getTimerCount()).toBe(0);

    store.add({ title: "c", duration: 1000 });
    vi.advanceTimersByTime(1000);
    expect(toasts()).toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
    expect(toast(id)).toBeUndefined();
  });

  it("stops while every toast is paused and starts again on resume", () => {
    const id = store.add({ title: "a", duration: 1000 });
    store.pause(id);
    expect(vi.getTimerCount()).toBe(0);
    const listener = vi.fn();
    store.subscribe(listener);
    vi.advanceTimersByTime(500);
    expect(listener).not.toHaveBeenCalled();
    store.resume(id);
    expect(vi.getTimerCount()).toBe(2);
  });

  it("goes through injected timer functions", () => {
    let now = 0;
    const intervals = new Map<number, () => void>();
    let next = 1;
    const clock = {
      now: () => now,
      setTimeout: vi.fn(() => next++),
      clearTimeout: vi.fn(),
      setInterval: vi.fn((callback: () => void) => {
        intervals.set(next, callback);
        return next++;
      }),
      clearInterval: vi.fn((handle: unknown) => {
        intervals.delete(handle as number);
      }),
    };
    const custom = createToastStore(clock);
    const id = custom.add({ title: "a", duration: 160 });
    expect(clock.setTimeout).toHaveBeenCalledWith(expect.any(Function), 160);
    expect(clock.setInterval).toHaveBeenCalledWith(expect.any(Function), 16);
    now = 16;
    for (const tick of intervals.values()) tick();
    expect(custom.getSnapshot().toasts[0].progress).toBeCloseTo(0.1, 10);
    custom.remove(id);
    expect(clock.clearTimeout).toHaveBeenCalled();
    expect(intervals.size).toBe(0);
  });
});
