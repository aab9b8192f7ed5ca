import type { SiteSink, SnapshotHeaders } from './site-writer';

/** A static copy's file held in memory: its path below the copy's root and its bytes. */
export interface CollectedFile {
  path: string;
  bytes: Uint8Array;
}

/**
 * A site sink that keeps what it is given: the back-up collects one passport's static files (a few hundred kB at
 * most) or the common files this way, then writes each to its target beside the passport's other files.
 */
export class SiteCollector implements SiteSink {
  readonly files: CollectedFile[] = [];
  readonly snapshots: ({ uri: string } & SnapshotHeaders)[] = [];
  readonly noindexed: string[] = [];

  async write(relative: string, bytes: Uint8Array | string): Promise<void> {
    this.files.push({ path: relative, bytes: typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes });
  }

  async snapshot(uri: string, headers: SnapshotHeaders): Promise<void> {
    this.snapshots.push({ uri, ...headers });
  }

  async noindex(uri: string): Promise<void> {
    this.noindexed.push(uri);
  }
}
