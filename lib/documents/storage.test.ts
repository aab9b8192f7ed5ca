import { afterEach, describe, expect, it, vi } from 'vitest';
import { config, resetConfigForTests } from '../config';
import { documentStorage, setDocumentStorageForTests } from './storage';

afterEach(() => {
  vi.unstubAllEnvs();
  resetConfigForTests();
  setDocumentStorageForTests(null);
});

describe('document storage configuration', () => {
  it('defaults to local files under <DATA_DIR>/documents and a 25 MiB file limit', () => {
    vi.stubEnv('DATA_DIR', '/srv/bps/');
    vi.stubEnv('DOCUMENTS_DIR', undefined);
    vi.stubEnv('DOCUMENT_MAX_BYTES', undefined);
    resetConfigForTests();
    expect(config()).toMatchObject({
      DOCUMENT_STORAGE: 'local',
      DOCUMENTS_DIR: '/srv/bps/documents',
      DOCUMENT_MAX_BYTES: 25 * 1024 * 1024,
    });
  });

  it('refuses DOCUMENT_STORAGE=s3 without its endpoint, bucket and credentials, naming them', () => {
    vi.stubEnv('DOCUMENT_STORAGE', 's3');
    vi.stubEnv('S3_BUCKET', undefined);
    resetConfigForTests();
    setDocumentStorageForTests(null);
    expect(() => documentStorage()).toThrow(/S3_ENDPOINT, S3_BUCKET/);
  });
});
