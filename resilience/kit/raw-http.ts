// HTTP/1.1 over a bare socket, for requests fetch refuses to make: a body on GET, bytes outside UTF-8 or NUL in a
// header value, header blocks and request lines past the server's limits. One request per connection
// (Connection: close), so the answer is everything the server writes before it closes.
import { connect } from 'node:net';

export interface RawRequest {
  method: string;
  /** The request target exactly as written on the wire: path and query, already percent-encoded. */
  target: string;
  /** In order; values are written byte for byte (latin1), so any byte can be sent. */
  headers: [string, string][];
  body?: Uint8Array;
  /** Send the body with Transfer-Encoding: chunked instead of Content-Length. */
  chunked?: boolean;
}

export interface RawResponse {
  status: number;
  /** Lower-cased names; repeated headers joined with ', '. */
  headers: Record<string, string>;
  body: Buffer;
  /** The server closed (or reset) the connection without a complete status line. */
  noAnswer: boolean;
  /** The whole body arrived (all Content-Length bytes, or the last chunk); a reset can cut an answer short. */
  complete: boolean;
}

const CRLF = '\r\n';

function head(request: RawRequest, port: number): Buffer {
  const lines = [`${request.method} ${request.target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close'];
  for (const [name, value] of request.headers) lines.push(`${name}: ${value}`);
  const body = request.body;
  if (request.chunked) lines.push('Transfer-Encoding: chunked');
  else if (body !== undefined) lines.push(`Content-Length: ${body.byteLength}`);
  return Buffer.from(lines.join(CRLF) + CRLF + CRLF, 'latin1');
}

function dechunk(body: Buffer): { body: Buffer; complete: boolean } {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf(CRLF, offset);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (size === 0) return { body: Buffer.concat(parts), complete: true };
    if (!Number.isFinite(size) || lineEnd + 2 + size > body.length) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return { body: Buffer.concat(parts), complete: false };
}

function parse(raw: Buffer): RawResponse {
  const end = raw.indexOf(CRLF + CRLF);
  const statusLine = /^HTTP\/1\.[01] (\d{3})/.exec(raw.subarray(0, Math.max(0, end)).toString('latin1'));
  if (end < 0 || !statusLine) return { status: 0, headers: {}, body: raw, noAnswer: true, complete: false };
  const headers: Record<string, string> = {};
  for (const line of raw.subarray(0, end).toString('latin1').split(CRLF).slice(1)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
  }
  const rest = raw.subarray(end + 4);
  const status = Number(statusLine[1]);
  if (/chunked/i.test(headers['transfer-encoding'] ?? ''))
    return { status, headers, ...dechunk(rest), noAnswer: false };
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    return { status, headers, body: rest.subarray(0, length), noAnswer: false, complete: rest.length >= length };
  }
  return { status, headers, body: rest, noAnswer: false, complete: true };
}

/**
 * Sends one request and resolves with the server's answer. A server that answers before reading the whole body
 * (a refused oversize upload) may reset the connection while the body is still being written: whatever it
 * answered before that is still returned.
 */
export function rawRequest(port: number, request: RawRequest, timeoutMs = 60_000): Promise<RawResponse> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const received: Buffer[] = [];
    let settled = false;
    const finish = () => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(parse(Buffer.concat(received)));
    };
    const timer = setTimeout(finish, timeoutMs);
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    socket.on('end', finish);
    socket.on('close', finish);
    socket.on('error', () => finish());
    socket.on('connect', () => {
      socket.write(head(request, port));
      const body = request.body;
      if (body === undefined) {
        if (request.chunked) socket.write(`0${CRLF}${CRLF}`);
        return;
      }
      // Large bodies go in slices, so a server that answers early is not stuck behind one huge buffered write.
      const slice = 256 * 1024;
      let offset = 0;
      const pump = () => {
        while (offset < body.byteLength && !socket.destroyed) {
          const piece = body.subarray(offset, offset + slice);
          offset += piece.byteLength;
          const more = request.chunked
            ? socket.write(
                Buffer.concat([
                  Buffer.from(`${piece.byteLength.toString(16)}${CRLF}`, 'latin1'),
                  piece,
                  Buffer.from(CRLF, 'latin1'),
                ]),
              )
            : socket.write(piece);
          if (!more) {
            socket.once('drain', pump);
            return;
          }
        }
        if (request.chunked && !socket.destroyed) socket.write(`0${CRLF}${CRLF}`);
      };
      pump();
    });
  });
}
