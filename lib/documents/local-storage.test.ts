import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { localPathOf, localStorage } from './local-storage';

const roots: string[] = [];
const root = async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'bps-docs-'));
  roots.push(dir);
  return dir;
};
afterAll(async () => {
  for (const dir of roots) await rm(dir, { recursive: true, force: true });
});

describe('local filesystem document storage (storage interface promise)', () => {
  it('stores, reads and deletes by UUID key, leaving no temp file behind', async () => {
    const dir = await root();
    const storage = localStorage(dir);
    const key = crypto.randomUUID();
    await storage.put(key, new Uint8Array([1, 2, 3]));
    expect(await storage.get(key)).toEqual(new Uint8Array([1, 2, 3]));
    expect(await readdir(path.dirname(localPathOf(dir, key)))).toEqual([key]);
    await storage.delete(key);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
  });

  it('refuses any key that is not a UUID, so no path can leave the directory', async () => {
    const dir = await root();
    const storage = localStorage(dir);
    await writeFile(path.join(dir, 'secret'), 'x');
    for (const key of ['../secret', '../../etc/passwd', 'secret', '/etc/passwd', `${crypto.randomUUID()}/../x`]) {
      await expect(storage.get(key)).rejects.toThrow('UUID');
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow();
    }
  });
});
