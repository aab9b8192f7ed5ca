import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../db/unavailable';
import { BodyUnreadable, declaredLength, readBoundedBody, readWholeBody } from './bounded-body';

const tooLarge = () => new Error('too large');

function streamed(chunks: number[], onPull?: () => void): Request {
  let i = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      onPull?.();
      if (i < chunks.length) controller.enqueue(new Uint8Array(chunks[i++]!));
      else controller.close();
    },
  });
  return new Request('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit);
}

describe('readBoundedBody', () => {
  it('returns a body within the limit byte for byte', async () => {
    const body = await readBoundedBody(new Request('http://x/', { method: 'POST', body: 'hello' }), 5, tooLarge);
    expect(new TextDecoder().decode(body)).toBe('hello');
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const request = new Request('http://x/', {
      method: 'POST',
      body: 'x'.repeat(10),
      headers: { 'content-length': '10' },
    });
    await expect(readBoundedBody(request, 9, tooLarge)).rejects.toThrow('too large');
  });

  it('stops reading a chunked body as soon as it passes the limit', async () => {
    let pulls = 0;
    const request = streamed(
      Array.from({ length: 1000 }, () => 1024),
      () => pulls++,
    );
    await expect(readBoundedBody(request, 4096, tooLarge)).rejects.toThrow('too large');
    expect(pulls).toBeLessThan(10);
  });

  it('reads no Content-Length as nothing declared', () => {
    expect(declaredLength(new Headers())).toBe(0);
    expect(declaredLength(new Headers({ 'content-length': 'abc' }))).toBe(0);
    expect(declaredLength(new Headers({ 'content-length': '42' }))).toBe(42);
  });
});

describe('a connection that breaks while the body arrives', () => {
  const broken = () => {
    const reset = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
    let sent = false;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (!sent) {
          sent = true;
          controller.enqueue(new Uint8Array(10));
        } else controller.error(reset);
      },
    });
    return new Request('http://x/', { method: 'POST', body, duplex: 'half' } as RequestInit);
  };

  it('is BodyUnreadable, not the socket error: nothing mistakes it for a lost database', async () => {
    for (const read of [(r: Request) => readBoundedBody(r, 1000, tooLarge), readWholeBody]) {
      const failure = await read(broken()).then(
        () => null,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(BodyUnreadable);
      expect(isDatabaseUnavailable(failure)).toBe(false);
    }
  });
});
