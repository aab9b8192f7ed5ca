/** Where evidence files live. Keys are server-made UUIDs, never user input. */
export interface DocumentStorage {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** The stored bytes, or null when no object has that key. */
  get(key: string): Promise<ReadableStream<Uint8Array> | Uint8Array | null>;
  /** Idempotent: deleting a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** A storage failure the client may retry (network error, 5xx from object storage, disk full). */
export class StorageUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailable';
  }
}
