/**
 * A minimal external store (subscribe/getSnapshot) for React's useSyncExternalStore.
 * Plain TS so the state logic is testable without React.
 */
export type Listener = () => void;

export interface Store<T> {
  getSnapshot: () => T;
  subscribe: (listener: Listener) => () => void;
  setState: (update: Partial<T> | ((state: T) => T)) => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<Listener>();

  return {
    getSnapshot: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    setState(update) {
      const next = typeof update === "function" ? update(state) : { ...state, ...update };
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}
