import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { filesAt } from '../documents/local-storage';
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

/** A back-up directory addressed by path keys (`passports/<slug>/dpp.json`), each file replaced whole. */
export function directoryTarget(root: string): DocumentStorage & { folders(prefix: string): Promise<string[]> } {
  return {
    ...filesAt((key) => fileOf(root, key), 'back-up file'),
    async folders(prefix) {
      try {
        const entries = await readdir(fileOf(root, prefix.replace(/\/$/, '')), { withFileTypes: true });
        return entries.filter((e) => e.isDirectory()).map((e) => e.name);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw new StorageUnavailable(`Listing the back-up failed: ${(error as Error).message}`, { cause: error });
      }
    },
  };
}
