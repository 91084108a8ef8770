import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, type Storage, type TStoredObject } from "./types";

/**
 * Files under one directory (STORAGE_DIR), the default. The content type is kept beside
 * each file (`<file>.type`), so a read answers what was stored, never a guess from a name.
 * A write goes to a temporary name first: a reader never sees half a file.
 */
export class LocalStorage implements Storage {
  private readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  private file(key: string): string {
    assertStorageKey(key);
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`Key outside storage: ${key}`);
    return file;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    const file = this.file(key);
    await mkdir(path.dirname(file), { recursive: true });
    const temporary = `${file}.${process.pid}.${Date.now()}.tmp`;
    await writeFile(`${file}.type`, contentType);
    await writeFile(temporary, bytes);
    await rename(temporary, file);
  }

  async get(key: string): Promise<TStoredObject | null> {
    const file = this.file(key);
    try {
      const [bytes, contentType] = await Promise.all([
        readFile(file),
        readFile(`${file}.type`, "utf8"),
      ]);
      return { bytes, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const file = this.file(key);
    await rm(file, { force: true });
    await rm(`${file}.type`, { force: true });
  }
}
