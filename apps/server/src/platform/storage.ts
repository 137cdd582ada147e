import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded bytes live. Keys are random and never come from the client. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}

export const STORAGE_KEY_RE = /^[a-f0-9]{32}(\.[a-z0-9]{1,8})?$/;

export function newStorageKey(ext: string | undefined): string {
  const safeExt = ext && /^[a-z0-9]{1,8}$/.test(ext) ? `.${ext}` : '';
  return randomBytes(16).toString('hex') + safeExt;
}

export class LocalStorage implements Storage {
  constructor(private dir: string) {}
  private file(key: string): string {
    if (!STORAGE_KEY_RE.test(key)) throw new Error('invalid storage key');
    return path.join(this.dir, key);
  }
  async put(key: string, data: Buffer): Promise<void> {
    await mkdir(this.dir, { recursive: true });
    await writeFile(this.file(key), data, { flag: 'wx' });
  }
  async get(key: string): Promise<Buffer | null> {
    if (!STORAGE_KEY_RE.test(key)) return null;
    try {
      await stat(this.file(key));
      return await readFile(this.file(key));
    } catch {
      return null;
    }
  }
  async delete(key: string): Promise<void> {
    if (STORAGE_KEY_RE.test(key)) await rm(this.file(key), { force: true });
  }
}
