import { fileURLToPath } from 'node:url';
import { config } from '../config';
import { s3Storage } from '../documents/s3-storage';
import type { DocumentStorage } from '../documents/storage-backend';
import { directoryTarget } from './directory-target';

/** The store a back-up is written to: the document storage's put/get/delete, with path keys, and a listing. */
export interface BackupTarget extends DocumentStorage {
  /** The names of the folders directly below `prefix` (`passports/`): what a copy's reader starts from. */
  folders(prefix: string): Promise<string[]>;
}

/**
 * The target BACKUP_TARGET names, or null when it is unset: a directory (an absolute path or a file:/// URL) or an
 * S3-compatible bucket (`s3://<bucket>`) at S3_ENDPOINT with the S3 credentials, as the document storage uses them.
 */
export function configuredBackupTarget(): BackupTarget | null {
  const target = config().BACKUP_TARGET;
  return target ? backupTargetAt(target) : null;
}

/** The target `target` names (a BACKUP_TARGET value), with the S3 settings of the configuration for a bucket. */
export function backupTargetAt(target: string): BackupTarget {
  const c = config();
  if (target.startsWith('s3://')) {
    if (!c.S3_ENDPOINT || !c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY)
      throw new Error(
        'Invalid configuration: BACKUP_TARGET=s3://... needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      );
    return s3Storage({
      endpoint: c.S3_ENDPOINT,
      bucket: target.slice('s3://'.length).replace(/\/$/, ''),
      region: c.S3_REGION,
      accessKeyId: c.S3_ACCESS_KEY_ID,
      secretAccessKey: c.S3_SECRET_ACCESS_KEY,
      timeoutMs: c.OBJECT_STORAGE_TIMEOUT_MS,
    });
  }
  return directoryTarget(target.startsWith('file:') ? fileURLToPath(target) : target);
}

/** The whole object at `key`, or null when there is none (a download's stream read to its end). */
export async function readObject(target: DocumentStorage, key: string): Promise<Uint8Array | null> {
  const body = await target.get(key);
  if (body === null || body instanceof Uint8Array) return body;
  return new Uint8Array(await new Response(body).arrayBuffer());
}
