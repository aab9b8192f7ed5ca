import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { type DocumentStorage, StorageUnavailable } from './storage-backend';

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A key is a UUID we made: anything else is refused, so no key can climb out of the directory. */
function fileOf(root: string, key: string): string {
  if (!KEY.test(key)) throw new Error('Storage keys are UUIDs.');
  return path.join(path.resolve(root), key.slice(0, 2), key);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException)?.code === 'ENOENT';

/**
 * Files addressed by `fileOf(key)`: a file is written to a temporary name beside it and renamed into place, so a
 * reader (or a crash) sees the old bytes or the new ones, never half; a missing file reads as null. `what` names
 * the store in failures (a full, read-only or vanished disk is a StorageUnavailable the caller may retry).
 */
export function filesAt(fileOf: (key: string) => string, what: string): DocumentStorage {
  const unavailable = (action: string, error: unknown) =>
    new StorageUnavailable(`${action} the ${what} failed: ${(error as Error).message}`, { cause: error });
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        throw unavailable('Writing', error);
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        return new Uint8Array(await readFile(file));
      } catch (error) {
        if (isMissing(error)) return null;
        throw unavailable('Reading', error);
      }
    },
    async delete(key) {
      const file = fileOf(key);
      try {
        await rm(file, { force: true });
      } catch (error) {
        throw unavailable('Deleting', error);
      }
    },
  };
}

/** Files under `root`, fanned out by the key's first two characters. */
export const localStorage = (root: string): DocumentStorage => filesAt((key) => fileOf(root, key), 'document file');

/** Where a key's file lives, for tests that remove it behind the service's back. */
export const localPathOf = (root: string, key: string) => fileOf(root, key);
