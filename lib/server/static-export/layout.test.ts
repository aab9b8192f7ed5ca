import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { directoryOf, MEDIA_TYPES, mediaTypeOf } from './layout';

describe('directoryOf', () => {
  it('is the path a web server decodes, segment by segment', () => {
    expect(directoryOf('/api/dpp/pack-1/v/2')).toBe('api/dpp/pack-1/v/2');
    expect(directoryOf('/01/04012345000018/21/SN%20001')).toBe('01/04012345000018/21/SN 001');
    expect(directoryOf('/01/04012345000018/10/LOT%25A')).toBe('01/04012345000018/10/LOT%A');
  });

  it.each([
    '/01/04012345000018/21/A%2FB',
    '/01/04012345000018/21/..',
    '/01/04012345000018/21/%2E%2E',
    '/01/04012345000018/21/.',
    '/01/04012345000018/21/A%5CB',
    '/01/04012345000018/21/A%00',
    '/01/04012345000018/21/%E0%A4%A',
    '/dpp//x',
  ])('is null for %s, which no directory can be named after', (path) => {
    expect(directoryOf(path)).toBeNull();
  });
});

describe('MEDIA_TYPES', () => {
  it('is the `types { }` block of deploy/nginx-static-export.conf: a back-up records what the web server will send', () => {
    const conf = readFileSync(new URL('../../../deploy/nginx-static-export.conf', import.meta.url), 'utf8');
    const block = conf.slice(
      conf.indexOf('    types {') + '    types {'.length,
      conf.indexOf('}', conf.indexOf('    types {')),
    );
    const types = Object.fromEntries(
      block
        .trim()
        .split('\n')
        .map((line) => line.trim().replace(/;$/, ''))
        .map((line) => {
          const at = line.lastIndexOf(' ');
          return [line.slice(at + 1), line.slice(0, at).trim().replace(/^"|"$/g, '')];
        }),
    );
    expect(types).toEqual(MEDIA_TYPES);
    expect(mediaTypeOf('api/dpp/x/qr/index.png')).toBe('image/png');
    expect(mediaTypeOf('README')).toBe('application/octet-stream');
  });
});
