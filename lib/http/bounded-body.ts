/**
 * The client's connection broke before its body ended (an aborted upload, a load generator stopping mid-request):
 * a refusal of the body, never a database failure, although the socket error it carries looks like one.
 */
export class BodyUnreadable extends Error {
  constructor(cause: unknown) {
    super('The request body could not be read: the connection closed before it ended.', { cause });
    this.name = 'BodyUnreadable';
  }
}

/** The whole body; a connection that breaks while it arrives is BodyUnreadable. */
export async function readWholeBody(request: Request): Promise<Uint8Array> {
  try {
    return new Uint8Array(await request.arrayBuffer());
  } catch (error) {
    throw new BodyUnreadable(error);
  }
}

async function readChunk(reader: ReadableStreamDefaultReader<Uint8Array>) {
  try {
    return await reader.read();
  } catch (error) {
    throw new BodyUnreadable(error);
  }
}

/**
 * A request body read chunk by chunk and abandoned (stream cancelled) as soon as it passes `maxBytes`, so an
 * oversize body is refused before it is buffered; a declared Content-Length over the limit is refused at once.
 * `tooLarge` makes the surface's own refusal.
 */
export async function readBoundedBody(request: Request, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  if (declaredLength(request.headers) > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await readChunk(reader);
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** The Content-Length a client declared; 0 when it declared none (a chunked body is counted as it is read). */
export function declaredLength(headers: Headers): number {
  const declared = Number(headers.get('content-length') ?? NaN);
  return Number.isFinite(declared) ? declared : 0;
}

/**
 * The largest body a browser form or a portal action may send (the default of Next.js server actions): the forms of
 * pages, sign-in and the PoLI links are a few hundred bytes. The Integration API and the BMS endpoint have their own
 * limits and codes.
 */
export const FORM_MAX_BODY_BYTES = 1024 * 1024;
