// multipart/form-data bodies built as bytes (RFC 7578), so a request's signature covers exactly what is sent.

const encoder = new TextEncoder();
/** A file name as a quoted-string: quotes percent-encoded, backslashes escaped, line breaks made spaces. */
const quoted = (value: string) => value.replace(/[\r\n"\\]/g, (c) => (c === '"' ? '%22' : c === '\\' ? '\\\\' : ' '));

export interface MultipartFile {
  bytes: Uint8Array;
  fileName: string;
  /** The part's claimed type; the server ignores it and sniffs the bytes. Default application/octet-stream. */
  contentType?: string;
}

/** The text parts given (those undefined left out), then the `file` part, with a random boundary unless given. */
export function multipartBody(
  fields: readonly (readonly [string, string | undefined])[],
  file: MultipartFile,
  boundary = `----bps${crypto.randomUUID().replace(/-/g, '')}`,
) {
  const chunks: Uint8Array[] = [];
  const text = (s: string) => chunks.push(encoder.encode(s));
  for (const [name, value] of fields) {
    if (value === undefined) continue;
    text(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  }
  text(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoted(file.fileName)}"\r\n`);
  text(`Content-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`);
  chunks.push(file.bytes);
  text(`\r\n--${boundary}--\r\n`);
  const body = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
