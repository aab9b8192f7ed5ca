import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directoryTarget, isSafeKey } from './directory-target';

let parent: string;
let root: string;
beforeAll(async () => {
  parent = await mkdtemp(path.join(tmpdir(), 'backup-dir-'));
  root = path.join(parent, 'root');
});
afterAll(() => rm(parent, { recursive: true, force: true }));

describe('the back-up directory target', () => {
  it.each([
    '../outside',
    'passports/../../outside',
    '/etc/passwd',
    'passports\\..\\outside',
    'passports/a\u0000b',
    'passports//dpp.json',
    'passports/./dpp.json',
    '',
  ])('refuses the key %j, which could name a file outside its root', async (key) => {
    expect(isSafeKey(key)).toBe(false);
    await expect(directoryTarget(root).put(key, Buffer.from('x'))).rejects.toThrow(/Refused back-up key/);
    await expect(directoryTarget(root).get(key)).rejects.toThrow(/Refused back-up key/);
  });

  it('writes a path key through a temporary file renamed into place, reads it back, and answers null for a missing one', async () => {
    const target = directoryTarget(root);
    await target.put('passports/slug-1/v/1.json', Buffer.from('one'));
    await target.put('passports/slug-1/v/1.json', Buffer.from('two'));
    expect(await readFile(path.join(root, 'passports/slug-1/v/1.json'), 'utf8')).toBe('two');
    expect(await readdir(path.join(root, 'passports/slug-1/v'))).toEqual(['1.json']);
    expect(Buffer.from((await target.get('passports/slug-1/v/1.json')) as Uint8Array).toString()).toBe('two');
    expect(await target.get('passports/slug-1/v/2.json')).toBeNull();
    await target.delete('passports/slug-1/v/1.json');
    await target.delete('passports/slug-1/v/1.json');
    expect(await target.get('passports/slug-1/v/1.json')).toBeNull();
  });
});
