/**
 * Where the error monitor and the app error hook's listeners are registered (report.ts
 * reports through it). Apart from report.ts so that instrumentation-client.ts can install
 * the monitor without shipping the reporting code to every page: the error screens that
 * report load it on demand. On globalThis because Next bundles instrumentation and pages
 * separately: each bundle may hold its own copy of these modules.
 */
import type { TAppErrorListener, TErrorMonitor } from "./report";

type TRegistry = {
  monitor?: TErrorMonitor;
  listeners: Set<TAppErrorListener>;
  /** Error objects reported already, with their id: a boundary mounted twice reports once. */
  reported: WeakMap<object, string>;
};

const REGISTRY_KEY = Symbol.for("volunteerly.error-reporting");

export function errorRegistry(): TRegistry {
  const holder = globalThis as typeof globalThis & { [REGISTRY_KEY]?: TRegistry };
  holder[REGISTRY_KEY] ??= { listeners: new Set(), reported: new WeakMap() };
  return holder[REGISTRY_KEY];
}

/** Installs (or, with undefined, removes) the error monitor; instrumentation does this once. */
export function setErrorMonitor(monitor: TErrorMonitor | undefined): void {
  errorRegistry().monitor = monitor;
}

export function hasErrorMonitor(): boolean {
  return errorRegistry().monitor !== undefined;
}

/** Listens to the app error hook (tests, a later log shipper); returns the unsubscribe. */
export function onAppError(listener: TAppErrorListener): () => void {
  const { listeners } = errorRegistry();
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
