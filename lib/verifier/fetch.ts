import { CheckFailure, fail } from './failure';

/** Every request of the verifier ends within this time, body included. */
export const FETCH_TIMEOUT_MS = 10_000;
/** No answer is read beyond this size (a passport credential with its document is far smaller). */
export const FETCH_MAX_BYTES = 5 * 1024 * 1024;

async function readBounded(response: Response, url: string): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > FETCH_MAX_BYTES) fail(`${url} answers with more than ${FETCH_MAX_BYTES} bytes`);
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(chunks);
    size += value.byteLength;
    if (size > FETCH_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      fail(`${url} answers with more than ${FETCH_MAX_BYTES} bytes`);
    }
    chunks.push(value);
  }
}

/** GET `url` (http or https) within the time and size bounds; anything but a 2xx answer fails the check. */
export async function fetchBytes(url: string, accept: string): Promise<Buffer> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return fail(`"${url}" is not a URL`);
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') fail(`"${url}" is not an http(s) URL`);
  try {
    const response = await fetch(parsed, {
      headers: { accept },
      redirect: 'follow',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      fail(`${url} answers ${response.status}`);
    }
    return await readBounded(response, url);
  } catch (err) {
    if (err instanceof CheckFailure) throw err;
    const why =
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer within ${FETCH_TIMEOUT_MS / 1000} s`
        : cause(err);
    return fail(`could not fetch ${url}: ${why}`);
  }
}

const cause = (err: unknown) => {
  const inner = (err as { cause?: { code?: string; message?: string } })?.cause;
  return inner?.code ?? inner?.message ?? (err as Error)?.message ?? String(err);
};
