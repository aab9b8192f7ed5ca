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

/** Files under `root`, fanned out by the key's first two characters; written to a temp file then renamed. */
export function localStorage(root: string): DocumentStorage {
  return {
    async put(key, bytes) {
      const file = fileOf(root, key);
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(temp, bytes, { flag: 'wx' });
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true }).catch(() => undefined);
        throw new StorageUnavailable('Writing the document file failed.', { cause: error });
      }
    },
    async get(key) {
      const file = fileOf(root, key);
      try {
        return new Uint8Array(await readFile(file));
      } catch (error) {
        if (isMissing(error)) return null;
        throw new StorageUnavailable('Reading the document file failed.', { cause: error });
      }
    },
    async delete(key) {
      await rm(fileOf(root, key), { force: true });
    },
  };
}

/** Where a key's file lives, for tests that remove it behind the service's back. */
export const localPathOf = (root: string, key: string) => fileOf(root, key);
