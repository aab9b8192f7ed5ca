import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { META_DIR, NGINX_MAP_FILE, NGINX_MAP_VARIABLE, SUMS_FILE } from './layout';

/** Appends a line, waiting when the stream's buffer is full: memory stays bounded however many lines there are. */
async function appendLine(stream: WriteStream, line: string): Promise<void> {
  if (!stream.write(`${line}\n`)) await new Promise<void>((resolve) => stream.once('drain', resolve));
}

/** How many directories the writer remembers having made. */
const MADE_LIMIT = 1024;

/** A string in nginx's configuration syntax (double-quoted; a decoded path may hold a quote). */
const nginxString = (text: string) => `"${text.replace(/"/g, '\\"')}"`;

const closed = (stream: WriteStream) =>
  new Promise<void>((resolve, reject) => {
    stream.once('error', reject);
    stream.end(resolve);
  });

/** Where a static copy's files go: the export directory, or a back-up's collector (./collector.ts). */
export interface SiteSink {
  /** Writes `bytes` at `relative` (a path below the root, with forward slashes). */
  write(relative: string, bytes: Uint8Array | string): Promise<void>;
  /** Records the X-Snapshot-* values of the version answered at `uri` (a path as requested, percent-encoded). */
  snapshot(uri: string, headers: SnapshotHeaders): Promise<void>;
  /** Records that the page at `uri` (a path as requested, percent-encoded) stays out of search indexes. */
  noindex(uri: string): Promise<void>;
}

export interface SnapshotHeaders {
  sha256: string;
  bytes: string;
  publishedAt: string;
}

/**
 * Writes the files of a static export under `root` and, as it goes, their SHA-256 in `sha256sum` format
 * (`.export/SHA256SUMS`, so `sha256sum -c` checks a copy) and the map of per-path headers for nginx. Each file is
 * written once, whole; nothing is held in memory after it is written.
 */
export class SiteWriter implements SiteSink {
  files = 0;
  bytes = 0;
  private readonly sums: WriteStream;
  private readonly map: WriteStream;
  private readonly made = new Set<string>();

  private constructor(readonly root: string) {
    this.sums = createWriteStream(path.join(root, SUMS_FILE));
    this.map = createWriteStream(path.join(root, NGINX_MAP_FILE));
  }

  /** A writer of the export at `root`, which must not exist yet or be empty: an export never mixes with another. */
  static async open(root: string): Promise<SiteWriter> {
    await mkdir(root, { recursive: true });
    const present = await readdir(root);
    if (present.length > 0) throw new Error(`${root} is not empty: export into a new or empty directory.`);
    await mkdir(path.join(root, META_DIR));
    const writer = new SiteWriter(root);
    await appendLine(
      writer.map,
      [
        '# Written by the export: by the path as requested, "<sha256> <bytes> <published at>" of each version',
        '# (X-Snapshot-*) and "noindex" for each resolver address of a withdrawn passport (X-Robots-Tag).',
        `map $export_request_path ${NGINX_MAP_VARIABLE} {`,
        '    default "";',
      ].join('\n'),
    );
    return writer;
  }

  /** Writes `bytes` at `relative` (a path below the root, with forward slashes). */
  async write(relative: string, bytes: Uint8Array | string): Promise<void> {
    const data = typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes;
    const target = path.join(this.root, relative);
    const dir = path.dirname(target);
    // A passport's files share a few directories: each is made once (the set is bounded, oldest dropped).
    if (!this.made.has(dir)) {
      await mkdir(dir, { recursive: true });
      if (this.made.size >= MADE_LIMIT) this.made.delete(this.made.values().next().value!);
      this.made.add(dir);
    }
    await writeFile(target, data);
    this.files += 1;
    this.bytes += data.byteLength;
    await appendLine(this.sums, `${createHash('sha256').update(data).digest('hex')}  ${relative}`);
  }

  /** Records the X-Snapshot-* values of the version answered at `uri` (a path as requested, percent-encoded). */
  async snapshot(uri: string, headers: SnapshotHeaders): Promise<void> {
    await appendLine(this.map, `    ${nginxString(uri)} "${headers.sha256} ${headers.bytes} ${headers.publishedAt}";`);
  }

  /** Records that the page at `uri` (a path as requested, percent-encoded) stays out of search indexes. */
  async noindex(uri: string): Promise<void> {
    await appendLine(this.map, `    ${nginxString(uri)} "noindex";`);
  }

  /** Finishes the checksums and the map; the manifest is written last, so its presence marks a complete export. */
  async close(manifest: object, manifestFile: string): Promise<void> {
    await appendLine(this.map, '}');
    await Promise.all([closed(this.sums), closed(this.map)]);
    await writeFile(path.join(this.root, manifestFile), `${JSON.stringify(manifest, null, 2)}\n`);
  }
}
