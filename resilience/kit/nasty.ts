// The hand-written cases a generator rarely finds: bodies past every limit, nesting deeper than any parser's stack,
// bytes that are not UTF-8, NUL in strings and headers, header values and URLs past the server's limits, numbers
// at the edges of IEEE 754, prototype-pollution keys at every level, duplicate keys, empty bodies and bodies on GET.
// Each case is a finished request (authenticated and signed over its exact bytes, so it reaches the parsing it
// attacks), built for one operation by the caller's `request`.
import type { Operation } from './operations';
import type { RawRequest } from './raw-http';

export interface RequestOptions {
  /** Raw body bytes; signed as they are. */
  body?: Uint8Array;
  /** Content-Type; null sends none. Default: the operation's own when a body is given. */
  contentType?: string | null;
  /** The request target (path and query, percent-encoded); default the operation's path with own ids. */
  target?: string;
  headers?: [string, string][];
  chunked?: boolean;
  /** Replace (not add) these credential headers with the given raw values. */
  override?: Record<string, string>;
}

export interface NastyContext {
  op: Operation;
  /** A body the document accepts (its example or a generated one), when the operation takes a JSON body. */
  sampleBody?: unknown;
  /** The operation's own target: path parameters filled with the tenant's own ids. */
  target: string;
  /** Path template with one parameter left for the caller: `/api/v1/products/{}`; null without path parameters. */
  targetWith?: (rawSegment: string) => string;
  request(options: RequestOptions): RawRequest;
}

export interface NastyCase {
  name: string;
  request: RawRequest;
  /**
   * The request breaks HTTP itself (a header block past the server's limit, a NUL in a header): Node's parser may
   * answer it (400, 431) with no body before the application sees it. Any other case is the application's to answer.
   */
  httpLayerMayRefuse?: boolean;
  /**
   * The path holds a percent escape that is not UTF-8: Next.js cannot decode it, so only the web server in front of
   * it can answer in the surface's envelope.
   */
  malformedPath?: boolean;
}

/** A marker no legitimate answer contains: seen in any later answer, a polluted prototype leaked it. */
export const POLLUTION_MARKER = 'fuzzPollutedPrototype';

const text = (s: string) => new TextEncoder().encode(s);
const bytes = (...parts: (string | number[] | Uint8Array)[]) => {
  const chunks = parts.map((p) => (typeof p === 'string' ? text(p) : p instanceof Uint8Array ? p : Uint8Array.from(p)));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
};

const TEN_MB = 10 * 1024 * 1024;
let tenMegabytes: Uint8Array | undefined;
/** `{"blob":"aaaa…"}`, 10 MB: valid JSON far past every limit. */
function hugeJson(): Uint8Array {
  if (!tenMegabytes) {
    tenMegabytes = new Uint8Array(TEN_MB);
    tenMegabytes.fill(0x61);
    tenMegabytes.set(text('{"blob":"'), 0);
    tenMegabytes.set(text('"}'), TEN_MB - 2);
  }
  return tenMegabytes;
}

const DEPTH = 100_000;
const deepArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObjects = (depth: number) => `${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}`;

type Path = (string | number)[];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Paths of every leaf of a given kind in a JSON value. */
function leaves(value: unknown, kind: 'string' | 'number', path: Path = []): Path[] {
  if (typeof value === kind) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, kind, [...path, i]));
  if (isObject(value)) return Object.entries(value).flatMap(([k, v]) => leaves(v, kind, [...path, k]));
  return [];
}

function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  if (isObject(value)) return { ...value, [head as string]: replaceAt(value[head as string], rest, replacement) };
  return value;
}

/** JSON text of `value` with `raw` (any text, valid JSON or not) where the leaf at `path` was. */
function withRawLeaf(value: unknown, path: Path, raw: string): string {
  const token = '__fuzz_raw_leaf__';
  return JSON.stringify(replaceAt(value, path, token)).replace(`"${token}"`, raw);
}

/** JSON text with `members` (raw text) opened at the start of every object, the root included. */
function withMembersEverywhere(value: unknown, members: string): string {
  if (Array.isArray(value)) return `[${value.map((v) => withMembersEverywhere(v, members)).join(',')}]`;
  if (isObject(value)) {
    const own = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}:${withMembersEverywhere(v, members)}`);
    return `{${[members, ...own].join(',')}}`;
  }
  return JSON.stringify(value);
}

const NUMBER_EDGES = [
  '-0',
  '1e308',
  '-1e308',
  '1e99999',
  '-1e99999',
  '1e-99999',
  '9007199254740993',
  '-9007199254740993',
  '123456789012345678901234567890',
  '0.1e1',
  '"NaN"',
  'NaN',
  '"Infinity"',
  '0x10',
  '1.',
  '.5',
  '+1',
  '01',
];

/** Strings that have broken services before: NUL, lone surrogates, right-to-left marks, SQL and path fragments. */
const STRING_EDGES = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202e\u0000',
  '\'; DROP TABLE "Product"; --',
  '../../../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, sent as literal text
  '${7*7}{{7*7}}',
  '\u0000'.repeat(64),
];

/** Bytes that are not UTF-8, each placed inside a JSON string. */
const BAD_UTF8: number[][] = [
  [0xff, 0xfe],
  [0xc0, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0x80],
];

function jsonBodyCases(ctx: NastyContext): NastyCase[] {
  const cases: NastyCase[] = [];
  const json = 'application/json';
  const add = (
    name: string,
    body: Uint8Array | string,
    contentType: string | null = json,
    more: Partial<RequestOptions> = {},
  ) =>
    cases.push({
      name,
      request: ctx.request({ body: typeof body === 'string' ? text(body) : body, contentType, ...more }),
    });
  const sample = ctx.sampleBody ?? {};
  const sampleText = JSON.stringify(sample);

  add('10 MB body', hugeJson());
  add(`${DEPTH} levels of [`, deepArrays(DEPTH));
  add(`${DEPTH} levels of {`, deepObjects(DEPTH));
  const first = isObject(sample) ? Object.keys(sample)[0] : undefined;
  if (first) {
    add(`${DEPTH} levels of [ in ${first}`, withRawLeaf(sample, [first], deepArrays(DEPTH)));
    add(`${DEPTH / 10} levels of { in ${first}`, withRawLeaf(sample, [first], deepObjects(DEPTH / 10)));
  }
  for (const type of [
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=fuzz',
    'application/xml',
    'application/jsonx',
    'application/json; charset=utf-16',
    '*/*',
    '',
  ]) {
    add(`content type ${JSON.stringify(type)}`, sampleText, type);
  }
  add('no content type', sampleText, null);
  for (const [i, bad] of BAD_UTF8.entries()) {
    const stringPath = leaves(sample, 'string')[0];
    const body = stringPath
      ? withRawLeaf(sample, stringPath, '"__bad__"')
      : `{"fuzz":"__bad__"${sampleText.length > 2 ? `,${sampleText.slice(1)}` : '}'}`;
    const [before, after] = body.split('__bad__');
    add(`invalid UTF-8 #${i} (${bad.map((b) => b.toString(16)).join(' ')})`, bytes(before!, bad, after!));
  }
  add('raw NUL byte inside a string', bytes('{"fuzz":"a', [0], 'b"}'));
  add('BOM before the body', bytes([0xef, 0xbb, 0xbf], sampleText));
  const strings = leaves(sample, 'string');
  for (const path of strings.length ? strings : [[first ?? 'fuzz']]) {
    for (const edge of STRING_EDGES)
      add(
        `string ${JSON.stringify(edge).slice(0, 24)} at ${path.join('.')}`,
        JSON.stringify(replaceAt(sample, path, edge)),
      );
  }
  const numbers = leaves(sample, 'number');
  for (const path of numbers)
    for (const edge of NUMBER_EDGES) add(`number ${edge} at ${path.join('.')}`, withRawLeaf(sample, path, edge));
  for (const key of ['__proto__', 'constructor', 'prototype']) {
    const member =
      key === 'constructor'
        ? `"constructor":{"prototype":{"${POLLUTION_MARKER}":"${POLLUTION_MARKER}"}}`
        : `"${key}":{"${POLLUTION_MARKER}":"${POLLUTION_MARKER}"}`;
    add(`${key} at every level`, withMembersEverywhere(sample, member));
  }
  if (isObject(sample)) {
    for (const key of Object.keys(sample)) {
      const rest = JSON.stringify(sample).slice(1, -1);
      add(`duplicate key ${key}, wrong value first`, `{${JSON.stringify(key)}:{"wrong":[1]},${rest}}`);
      add(`duplicate key ${key}, wrong value last`, `{${rest},${JSON.stringify(key)}:{"wrong":[1]}}`);
    }
  }
  for (const body of [
    '',
    ' ',
    '{}',
    'null',
    '[]',
    '""',
    '0',
    'true',
    '{"a":1',
    '{"a":1}}',
    '{"a":1}{"b":2}',
    `${sampleText}\u0000`,
    '\u0000',
  ]) {
    add(`body ${JSON.stringify(body)}`, body);
  }
  return cases;
}

/** A multipart body from parts, for the upload operations. */
export function multipart(
  parts: { name?: string; filename?: string; type?: string; headers?: string; value: Uint8Array | string }[],
  boundary = 'fuzzboundary7MA4YWxk',
): { body: Uint8Array; contentType: string } {
  const chunks: (string | Uint8Array)[] = [];
  for (const part of parts) {
    const disposition = `form-data${part.name === undefined ? '' : `; name="${part.name}"`}${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    chunks.push(
      `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${part.type ? `Content-Type: ${part.type}\r\n` : ''}${part.headers ?? ''}\r\n`,
    );
    chunks.push(part.value, '\r\n');
  }
  chunks.push(`--${boundary}--\r\n`);
  return { body: bytes(...chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const PDF = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n';

function multipartCases(ctx: NastyContext): NastyCase[] {
  const cases: NastyCase[] = [];
  const add = (name: string, o: { body: Uint8Array; contentType: string | null }, more: Partial<RequestOptions> = {}) =>
    cases.push({ name, request: ctx.request({ ...o, ...more }) });
  const meta = [
    { name: 'documentType', value: 'test_report' },
    { name: 'title', value: 'Fuzz report' },
  ];
  const file = (value: Uint8Array | string, filename = 'report.pdf') => ({
    name: 'file',
    filename,
    type: 'application/pdf',
    value,
  });
  const big = new Uint8Array(TEN_MB);
  big.set(text(PDF));
  add('10 MB file part', multipart([...meta, file(big)]));
  add('10 MB file part, chunked', multipart([...meta, file(big)]), { chunked: true });
  add('no closing boundary', {
    body: multipart([...meta, file(PDF)]).body.slice(0, -10),
    contentType: multipart([]).contentType,
  });
  add('boundary not in the body', {
    body: multipart([...meta, file(PDF)]).body,
    contentType: 'multipart/form-data; boundary=other',
  });
  add('no boundary parameter', { body: multipart([...meta, file(PDF)]).body, contentType: 'multipart/form-data' });
  add('JSON instead of multipart', {
    body: text('{"documentType":"test_report","title":"x"}'),
    contentType: 'application/json',
  });
  add('empty body', { body: new Uint8Array(), contentType: multipart([]).contentType });
  add('two file parts', multipart([...meta, file(PDF), file(PDF, 'b.pdf')]));
  add('empty file part', multipart([...meta, file('')]));
  add('file part without a filename', multipart([...meta, { name: 'file', value: PDF }]));
  add('part without a name', multipart([...meta, { filename: 'x.pdf', value: PDF }]));
  add('path traversal filename', multipart([...meta, file(PDF, '../../../../etc/passwd')]));
  add('NUL in the filename', multipart([...meta, file(PDF, 'a\u0000b.pdf')]));
  add('invalid UTF-8 filename', {
    ...multipart([...meta, file(PDF, '__name__')]),
    body: bytes(
      ...splitBytes(multipart([...meta, file(PDF, '__name__')]).body, '__name__', [0xff, 0xfe, 0x2e, 0x70, 0x64, 0x66]),
    ),
  });
  add('64 KB filename', multipart([...meta, file(PDF, `${'n'.repeat(64 * 1024)}.pdf`)]));
  add(
    'NUL in the title',
    multipart([{ name: 'documentType', value: 'test_report' }, { name: 'title', value: 'a\u0000b' }, file(PDF)]),
  );
  add(
    'lone surrogate in the title',
    multipart([{ name: 'documentType', value: 'test_report' }, { name: 'title', value: 'a\ud800b' }, file(PDF)]),
  );
  add('invalid UTF-8 title', {
    ...multipart([]),
    body: bytes(
      ...splitBytes(
        multipart([{ name: 'documentType', value: 'test_report' }, { name: 'title', value: '__t__' }, file(PDF)]).body,
        '__t__',
        [0xc0, 0xaf, 0xff],
      ),
    ),
  });
  add(
    '1000 metadata parts',
    multipart([...Array.from({ length: 1000 }, (_, i) => ({ name: `extra${i}`, value: 'v' })), ...meta, file(PDF)]),
  );
  add(
    'title repeated',
    multipart([
      { name: 'title', value: 'a' },
      { name: 'title', value: 'b' },
      { name: 'documentType', value: 'test_report' },
      file(PDF),
    ]),
  );
  add(
    '__proto__ parts',
    multipart([
      { name: '__proto__', value: POLLUTION_MARKER },
      { name: 'constructor', value: POLLUTION_MARKER },
      ...meta,
      file(PDF),
    ]),
  );
  add('64 KB part header', multipart([...meta, { ...file(PDF), headers: `X-Fuzz: ${'h'.repeat(64 * 1024)}\r\n` }]));
  return cases;
}

function splitBytes(body: Uint8Array, marker: string, replacement: number[]): (Uint8Array | number[])[] {
  const s = Buffer.from(body).toString('latin1');
  const at = s.indexOf(marker);
  return [body.slice(0, at), replacement, body.slice(at + marker.length)];
}

/** Cases every operation gets: headers and URLs past the limits, odd bytes in header values, bodies on reads. */
function requestLineAndHeaderCases(ctx: NastyContext): NastyCase[] {
  const { op } = ctx;
  const cases: NastyCase[] = [];
  const add = (name: string, o: RequestOptions, httpLayerMayRefuse = false) =>
    cases.push({ name, request: ctx.request(o), httpLayerMayRefuse });
  const credential = op.surface === 'bms' ? 'X-Service-BMS-Secret' : 'Authorization';
  const prefix = op.surface === 'bms' ? '' : 'Bearer ';

  add('8 KB header value', { headers: [['X-Fuzz', 'v'.repeat(8 * 1024)]] });
  add('64 KB header value', { headers: [['X-Fuzz', 'v'.repeat(64 * 1024)]] }, true);
  add('NUL in a header value', { headers: [['X-Fuzz', 'a\u0000b']] }, true);
  add('latin-1 bytes in a header value', { headers: [['X-Fuzz', '\u00e9\u00ff\u0080']] });
  add('control bytes in a header value', { headers: [['X-Fuzz', 'a\u0001\u001fb']] }, true);
  if (op.scope !== null) {
    add(`8 KB ${credential}`, { override: { [credential]: `${prefix}${'k'.repeat(8 * 1024)}` } });
    add(`latin-1 bytes in ${credential}`, { override: { [credential]: `${prefix}pk_live_\u00e9\u00ff\u00fe` } });
    add(`NUL in ${credential}`, { override: { [credential]: `${prefix}pk_live_\u0000` } }, true);
    add(`empty ${credential}`, { override: { [credential]: '' } });
    add(`${credential} repeated`, { headers: [[credential, `${prefix}pk_live_${'0'.repeat(32)}`]] });
  }
  if (op.signed) {
    const now = Math.floor(Date.now() / 1000);
    for (const signature of [
      `t=99999999999999999999999, v1=${'0'.repeat(64)}`,
      `t=-1, v1=${'0'.repeat(64)}`,
      `t=NaN, v1=${'0'.repeat(64)}`,
      `t=1e3, v1=${'0'.repeat(64)}`,
      `t=${now}, t=${now}, v1=${'0'.repeat(64)}, v1=${'1'.repeat(64)}`,
      `t=${now}, v1=${'Z'.repeat(64)}`,
      `t=${now}, v1=${'0'.repeat(10_000)}`,
      't=, v1=',
      ',,,,',
      '\u00e9',
    ])
      add(`signature ${signature.slice(0, 40)}`, { override: { 'X-Service-Signature': signature } });
  }
  if (op.surface === 'integration' && op.signed) {
    for (const key of ['k'.repeat(8 * 1024), '\u00e9\u00ff', ' ', 'a b', '\t'])
      add(`Idempotency-Key ${JSON.stringify(key.slice(0, 12))} (${key.length})`, {
        override: { 'Idempotency-Key': key },
      });
  }
  if (op.surface === 'integration' && op.scope !== null) {
    for (const mode of ['TEST', 'sandbox', 'live, test', 'x'.repeat(4096)])
      add(`X-Service-Mode ${mode.slice(0, 16)}`, { headers: [['X-Service-Mode', mode]] });
  }
  add('8 KB query string', {
    target: `${ctx.target}${ctx.target.includes('?') ? '&' : '?'}fuzz=${'q'.repeat(8 * 1024)}`,
  });
  add(
    '100 KB URL',
    { target: `${ctx.target}${ctx.target.includes('?') ? '&' : '?'}fuzz=${'q'.repeat(100 * 1024)}` },
    true,
  );
  add('query full of NUL and bad escapes', {
    target: `${ctx.target}${ctx.target.includes('?') ? '&' : '?'}fuzz=%00&bad=%E0%A4%A&utf=%ED%A0%80&%00=x`,
  });
  for (const parameter of op.queryParameters) {
    for (const value of [
      '%00',
      '%ED%A0%80',
      '%FF',
      'NaN',
      '-0',
      '1e308',
      '9007199254740993',
      '1e99999',
      '0x10',
      '%20',
      encodeURIComponent('\u202e'),
      'q'.repeat(4096),
    ]) {
      add(`query ${parameter.name}=${value.slice(0, 20)}`, {
        target: `${ctx.target.split('?')[0]}?${encodeURIComponent(parameter.name)}=${value}`,
      });
    }
  }
  if (ctx.targetWith) {
    for (const segment of [
      '%00',
      'a%00b',
      '%E2%80%AE',
      'x'.repeat(4096),
      '%2F..%2F..%2Fetc%2Fpasswd',
      '%2e%2e%5c',
      '%25',
      encodeURIComponent("1' OR '1'='1"),
      '__proto__',
      'constructor',
    ]) {
      add(`path parameter ${segment.slice(0, 24)}`, { target: ctx.targetWith(segment) });
    }
    for (const segment of ['%ED%A0%80', '%FF%FE', 'a%C0%AFb', '%E0%A4%A']) {
      cases.push({
        name: `path parameter ${segment} (not UTF-8)`,
        request: ctx.request({ target: ctx.targetWith(segment) }),
        malformedPath: true,
      });
    }
  }
  if (op.method === 'GET') {
    add('JSON body on GET', {
      body: text('{"fuzz":true,"__proto__":{"polluted":1}}'),
      contentType: 'application/json',
    });
    add('1 MB body on GET', { body: new Uint8Array(1024 * 1024).fill(0x7b), contentType: 'application/json' });
    add('chunked body on GET', { body: text('{"fuzz":1}'), contentType: 'application/json', chunked: true });
  }
  return cases;
}

/** Every hand-written case for one operation. */
export function nastyCases(ctx: NastyContext): NastyCase[] {
  const cases = requestLineAndHeaderCases(ctx);
  if (ctx.op.body?.contentType === 'application/json') cases.push(...jsonBodyCases(ctx));
  if (ctx.op.body?.contentType === 'multipart/form-data') cases.push(...multipartCases(ctx));
  if (!ctx.op.body && ctx.op.method !== 'GET') {
    // Writes without a body (submit, revoke, rotate): anything sent must be refused or ignored, never crash.
    for (const [name, body] of [
      ['10 MB body', hugeJson()],
      [`${DEPTH} levels of [`, text(deepArrays(DEPTH))],
      ['invalid UTF-8', Uint8Array.from([0x7b, 0xff, 0x7d])],
      ['body "{}"', text('{}')],
      ['body "null"', text('null')],
    ] as const) {
      cases.push({ name, request: ctx.request({ body, contentType: 'application/json' }) });
    }
  }
  return cases;
}
