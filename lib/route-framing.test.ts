import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CONTENT_ENCODING_HEADER, CONTENT_LENGTH_HEADER, restoreFramingHeaders } from './route-framing';

async function served(answer: (res: ServerResponse) => void, headers: Record<string, string> = {}) {
  const server = createServer((_req, res) => {
    restoreFramingHeaders(res);
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers });
    return { res, text: await res.text() };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('framing headers behind Next (which drops them from route responses)', () => {
  it('turns the internal length header into Content-Length and never sends the internal one', async () => {
    const { res, text } = await served((r) => {
      r.setHeader(CONTENT_LENGTH_HEADER, '5');
      r.setHeader('Content-Type', 'text/csv');
      r.end('a,b\n1');
    });
    expect(res.headers.get('content-length')).toBe('5');
    expect(res.headers.get(CONTENT_LENGTH_HEADER)).toBeNull();
    expect(res.headers.get('transfer-encoding')).toBeNull();
    expect(text).toBe('a,b\n1');
  });

  it('turns the internal encoding header into Content-Encoding (gzip only) and never sends the internal one', async () => {
    const body = gzipSync('<html>ü</html>');
    const { res, text } = await served(
      (r) => {
        r.setHeader(CONTENT_ENCODING_HEADER, 'gzip');
        r.end(body);
      },
      { 'accept-encoding': 'gzip' },
    );
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get(CONTENT_ENCODING_HEADER)).toBeNull();
    expect(text).toBe('<html>ü</html>');
    const other = await served((r) => {
      r.setHeader(CONTENT_ENCODING_HEADER, 'br');
      r.end('plain');
    });
    expect(other.res.headers.get('content-encoding')).toBeNull();
    expect(other.res.headers.get(CONTENT_ENCODING_HEADER)).toBeNull();
    expect(other.text).toBe('plain');
  });
});
