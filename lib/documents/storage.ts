import { config } from '../config';
import { ServiceError } from '../errors';
import { localStorage } from './local-storage';
import { s3Storage } from './s3-storage';
import { type DocumentStorage, StorageUnavailable } from './storage-backend';

export { type DocumentStorage, StorageUnavailable } from './storage-backend';

let override: DocumentStorage | undefined;
let cached: DocumentStorage | undefined;

/** The configured storage: S3-compatible when DOCUMENT_STORAGE=s3, else the local filesystem. */
export function documentStorage(): DocumentStorage {
  if (override) return override;
  if (cached) return cached;
  const c = config();
  if (c.DOCUMENT_STORAGE === 's3') {
    if (!c.S3_ENDPOINT || !c.S3_BUCKET || !c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY) {
      throw new Error(
        'Invalid configuration: DOCUMENT_STORAGE=s3 needs S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      );
    }
    cached = s3Storage({
      endpoint: c.S3_ENDPOINT,
      bucket: c.S3_BUCKET,
      region: c.S3_REGION,
      accessKeyId: c.S3_ACCESS_KEY_ID,
      secretAccessKey: c.S3_SECRET_ACCESS_KEY,
      timeoutMs: c.OBJECT_STORAGE_TIMEOUT_MS,
    });
  } else {
    cached = localStorage(c.DOCUMENTS_DIR);
  }
  return cached;
}

/** Tests swap in a storage that fails on cue; null restores the configured one. */
export function setDocumentStorageForTests(storage: DocumentStorage | null): void {
  override = storage ?? undefined;
  cached = undefined;
}

/** Maps a transient storage failure to the API's retryable 502 for the given direction. */
export function storageFailure(error: unknown, direction: 'write' | 'read'): unknown {
  if (!(error instanceof StorageUnavailable)) return error;
  return direction === 'write'
    ? new ServiceError('UPLOAD_FAILED', 'The file could not be stored; retry the upload.')
    : new ServiceError('DOWNLOAD_FAILED', 'The file could not be read from storage; retry the download.');
}
