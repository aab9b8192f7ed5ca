import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type DocumentStorage, StorageUnavailable } from '../documents/storage-backend';

/**
 * Whether `key` names a file inside the target's root: relative, slash-separated, each segment a plain name (no
 * `.`/`..`, no backslash, no NUL or other control character). Keys are the layout's own, built from slugs and
 * numbers, yet a slug is operator input: nothing may climb out of the root.
 */
export function isSafeKey(key: string): boolean {
  if (key.length === 0 || key.length > 1024 || key.startsWith('/') || /[\\\u0000-\u001f\u007f]/.test(key)) return false;
  return key.split('/').every((segment) => segment.length > 0 && segment !== '.' && segment !== '..');
}

function fileOf(root: string, key: string): string {
  if (!isSafeKey(key)) throw new Error(`Refused back-up key "${key}": it could name a file outside the target.`);
  return path.join(root, ...key.split('/'));
}

/** A failure of the disk (full, read-only, gone) is one the pass retries; a refused key is a bug, thrown as is. */
const unavailable = (action: string, error: unknown) =>
  new StorageUnavailable(`Back-up directory ${action} failed: ${(error as Error).message}`, { cause: error });

/**
 * A back-up directory addressed by path keys (`passports/<slug>/dpp.json`). A file is written to a temporary name
 * beside it and renamed into place, so a reader (or a crash) sees the old bytes or the new ones, never half.
 */
export function directoryTarget(root: string): DocumentStorage {
  return {
    async put(key, bytes) {
      const file = fileOf(root, key);
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temp, bytes);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        throw unavailable('write', error);
      }
    },
    async get(key) {
      const file = fileOf(root, key);
      try {
        return new Uint8Array(await readFile(file));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw unavailable('read', error);
      }
    },
    async delete(key) {
      const file = fileOf(root, key);
      try {
        await rm(file, { force: true });
      } catch (error) {
        throw unavailable('delete', error);
      }
    },
  };
}
