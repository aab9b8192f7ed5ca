import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { CONTENT_LENGTH_HEADER, restoreContentLength } from './content-length';

describe('download Content-Length behind Next (which drops it from route responses)', () => {
  it('turns the internal length header into Content-Length and never sends the internal one', async () => {
    const server = createServer((_req, res) => {
      restoreContentLength(res);
      res.setHeader(CONTENT_LENGTH_HEADER, '5');
      res.setHeader('Content-Type', 'text/csv');
      res.end('a,b\n1');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.headers.get('content-length')).toBe('5');
      expect(res.headers.get(CONTENT_LENGTH_HEADER)).toBeNull();
      expect(res.headers.get('transfer-encoding')).toBeNull();
      expect(await res.text()).toBe('a,b\n1');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
