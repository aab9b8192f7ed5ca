import { AwsClient } from 'aws4fetch';
import { StorageUnavailable, type DocumentStorage } from './storage';

export interface S3Options {
  /** `https://s3.eu-central-1.amazonaws.com`, a MinIO address…; objects are addressed path-style. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  fetch?: typeof fetch;
}

/** S3-compatible object storage over SigV4-signed fetch (PUT/GET/DELETE object, path-style). */
export function s3Storage(options: S3Options): DocumentStorage {
  const aws = new AwsClient({ accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey, region: options.region, service: 's3', retries: 0 });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}/`;
  const doFetch = options.fetch ?? fetch;

  async function send(method: string, key: string, body?: Uint8Array): Promise<Response> {
    try {
      const signed = await aws.sign(base + encodeURIComponent(key), { method, body: body as BodyInit | undefined });
      return await doFetch(signed);
    } catch (error) {
      throw new StorageUnavailable(`Object storage ${method} failed.`, { cause: error });
    }
  }

  const refuse = async (response: Response, method: string) => {
    await response.body?.cancel();
    return new StorageUnavailable(`Object storage answered ${response.status} to ${method}.`);
  };

  return {
    async put(key, bytes) {
      const response = await send('PUT', key, bytes);
      if (!response.ok) throw await refuse(response, 'PUT');
      await response.body?.cancel();
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok || !response.body) throw await refuse(response, 'GET');
      return response.body as ReadableStream<Uint8Array>;
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw await refuse(response, 'DELETE');
      await response.body?.cancel();
    },
  };
}
