/**
 * Where uploaded files live (docs/content-writes.md "Storage"): one interface, a driver
 * chosen by configuration. Keys are ours (never a client's file name): `<tenant>/<random>.<ext>`.
 */
export type TStoredObject = { bytes: Buffer; contentType: string };

export interface Storage {
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object, or null when there is none under the key. */
  get(key: string): Promise<TStoredObject | null>;
  /** Removes the object; a key with none is no error. */
  delete(key: string): Promise<void>;
}

/** A key is a relative path of safe segments: no `..`, no absolute path, no odd bytes. */
const KEY = /^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/i;
export function assertStorageKey(key: string): void {
  if (!KEY.test(key) || key.includes("..") || key.length > 300) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
}
