import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { Mode } from '../../db/generated/enums';
import { addressAllowed, forbiddenAddressReason } from '../address';
import { checkUrlShape } from '../url-policy';

export const DELIVERY_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 1024;

export interface PostResult {
  /** The receiver's status; null when no answer came (refused, timed out, blocked). */
  status: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for the socket itself: the addresses are checked after resolution and the connection goes to the
 * checked address, so a name that answers public at creation and private now (DNS rebinding) is refused.
 */
export const guardedLookup =
  (resolve: typeof dnsLookup = dnsLookup, allowPrivate = false) =>
  (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const bad = list.find((a) => !addressAllowed(a.address, allowPrivate));
      if (bad || list.length === 0) {
        const error = Object.assign(
          new Error(
            `refused: ${hostname} resolves to a ${bad ? forbiddenAddressReason(bad.address) : 'no'} address${bad ? ` (${bad.address})` : ''}`,
          ),
          { code: 'EWEBHOOKADDRESS' },
        );
        return callback(error, []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };

/** POSTs one signed delivery: never throws; a refusal, a timeout or a network error is the attempt's error. */
export async function postDelivery(target: {
  url: string;
  mode: Mode;
  allowPrivate: boolean;
  headers: Record<string, string>;
  body: string;
  timeoutMs?: number;
  resolve?: typeof dnsLookup;
}): Promise<PostResult> {
  const started = Date.now();
  const done = (r: Omit<PostResult, 'durationMs'>): PostResult => ({ ...r, durationMs: Date.now() - started });
  const shape = checkUrlShape(target.url, { mode: target.mode, allowPrivate: target.allowPrivate });
  if ('reason' in shape) return done({ status: null, excerpt: null, error: `refused: ${shape.reason}` });
  const url = shape.url;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'battery-passport-webhooks/1', ...target.headers },
        lookup: guardedLookup(target.resolve, target.allowPrivate) as never,
        timeout: target.timeoutMs ?? DELIVERY_TIMEOUT_MS,
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (kept < EXCERPT_BYTES) chunks.push(chunk.subarray(0, EXCERPT_BYTES - kept));
          kept += chunk.length;
        });
        response.on('end', () =>
          resolve(
            done({ status: response.statusCode ?? null, excerpt: Buffer.concat(chunks).toString('utf8'), error: null }),
          ),
        );
        response.on('error', (err) =>
          resolve(done({ status: response.statusCode ?? null, excerpt: null, error: err.message })),
        );
      },
    );
    request.on('timeout', () =>
      request.destroy(new Error(`timed out after ${target.timeoutMs ?? DELIVERY_TIMEOUT_MS} ms`)),
    );
    request.on('error', (err: NodeJS.ErrnoException) =>
      resolve(done({ status: null, excerpt: null, error: describeError(err) })),
    );
    request.end(target.body);
  });
}

/** The network error as recorded on the attempt: its code first (ECONNREFUSED, ETIMEDOUT), our own refusals as they are. */
function describeError(err: NodeJS.ErrnoException): string {
  if (!err.code || err.code === 'EWEBHOOKADDRESS' || err.message.includes(err.code)) return err.message;
  return `${err.code}: ${err.message}`;
}
