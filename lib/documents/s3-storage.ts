import { AwsClient } from 'aws4fetch';
import { type DocumentStorage, StorageUnavailable } from './storage-backend';

export interface S3Options {
  /** `https://s3.eu-central-1.amazonaws.com`, a MinIO address…; objects are addressed path-style. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * The longest wait on object storage (OBJECT_STORAGE_TIMEOUT_MS): for the whole exchange of a PUT or DELETE, for
   * the answer to a GET and then for each next chunk of its body. A hung store fails the request, never holds it.
   */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const DEFAULT_OBJECT_STORAGE_TIMEOUT_MS = 15_000;

/** The stream of a download, with `arm` running while it waits on the store for the next chunk only. */
function boundedBody(
  body: ReadableStream<Uint8Array>,
  arm: () => void,
  disarm: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      arm();
      try {
        const { done, value } = await reader.read();
        disarm();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (error) {
        disarm();
        controller.error(new StorageUnavailable('Object storage GET failed while streaming.', { cause: error }));
      }
    },
    cancel(reason) {
      disarm();
      return reader.cancel(reason);
    },
  });
}

/** The text of each `<name>` element of an S3 XML answer, entities decoded. */
function xmlValues(xml: string, name: string): string[] {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return [...xml.matchAll(new RegExp(`<${name}>([^<]*)</${name}>`, 'g'))].map((m) =>
    m[1].replace(/&(amp|lt|gt|quot|apos|#(\d+)|#x([0-9a-f]+));/gi, (_, entity: string, dec?: string, hex?: string) =>
      dec ? String.fromCodePoint(Number(dec)) : hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : entities[entity],
    ),
  );
}

/** An S3 bucket's storage with a listing of the folders (common prefixes) below a prefix. */
export type S3Storage = DocumentStorage & { folders(prefix: string): Promise<string[]> };

/** S3-compatible object storage over SigV4-signed fetch (PUT/GET/DELETE object, ListObjectsV2, path-style). */
export function s3Storage(options: S3Options): S3Storage {
  const aws = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 0,
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}/`;
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_OBJECT_STORAGE_TIMEOUT_MS;

  /** One signed exchange under its own deadline; `disarm` stops the clock, `arm` restarts it (a body's next chunk). */
  async function send(method: string, key: string, body?: Uint8Array, query = '') {
    const abort = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const disarm = () => clearTimeout(timer);
    const arm = () => {
      disarm();
      timer = setTimeout(
        () => abort.abort(new Error(`no answer from object storage within ${timeoutMs} ms`)),
        timeoutMs,
      );
    };
    arm();
    try {
      const signed = await aws.sign(base + encodeURIComponent(key) + query, {
        method,
        body: body as BodyInit | undefined,
      });
      return { response: await doFetch(signed, { signal: abort.signal }), arm, disarm };
    } catch (error) {
      disarm();
      throw new StorageUnavailable(`Object storage ${method} failed.`, { cause: error });
    }
  }

  /**
   * Reads the rest of a small answer (an error document, the empty body of a PUT or DELETE) under the same deadline.
   * Read to its end, not cancelled: inside the Next server cancelling a GET answer's body did not settle until the
   * deadline aborted it, so a missing object (404) took the whole timeout, and without one never answered.
   */
  async function finish(response: Response, disarm: () => void, method: string): Promise<void> {
    try {
      await response.arrayBuffer();
    } catch (error) {
      throw new StorageUnavailable(`Object storage ${method} failed.`, { cause: error });
    } finally {
      disarm();
    }
  }

  const refuse = async (response: Response, disarm: () => void, method: string) => {
    await finish(response, disarm, method).catch(() => undefined);
    return new StorageUnavailable(`Object storage answered ${response.status} to ${method}.`);
  };

  return {
    async put(key, bytes) {
      const { response, disarm } = await send('PUT', key, bytes);
      if (!response.ok) throw await refuse(response, disarm, 'PUT');
      await finish(response, disarm, 'PUT');
    },
    async get(key) {
      const { response, arm, disarm } = await send('GET', key);
      if (response.status === 404) {
        await finish(response, disarm, 'GET');
        return null;
      }
      if (!response.ok || !response.body) throw await refuse(response, disarm, 'GET');
      // The answer came: from here the clock runs only while the next chunk is awaited, not while the client reads.
      disarm();
      return boundedBody(response.body as ReadableStream<Uint8Array>, arm, disarm);
    },
    async delete(key) {
      const { response, disarm } = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await refuse(response, disarm, 'DELETE');
      await finish(response, disarm, 'DELETE');
    },
    async folders(prefix) {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ 'list-type': '2', delimiter: '/', prefix });
        if (token) query.set('continuation-token', token);
        const { response, disarm } = await send('GET', '', undefined, `?${query}`);
        if (!response.ok) throw await refuse(response, disarm, 'LIST');
        let xml: string;
        try {
          xml = await response.text();
        } catch (error) {
          throw new StorageUnavailable('Object storage LIST failed.', { cause: error });
        } finally {
          disarm();
        }
        for (const common of xmlValues(xml, 'Prefix').filter((p) => p !== prefix && p.startsWith(prefix)))
          names.push(common.slice(prefix.length).replace(/\/$/, ''));
        token = xmlValues(xml, 'IsTruncated')[0] === 'true' ? xmlValues(xml, 'NextContinuationToken')[0] : undefined;
      } while (token);
      return names;
    },
  };
}
