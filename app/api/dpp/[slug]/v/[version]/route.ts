import { conditionalResponse, publicRoute, REVALIDATE } from '@/lib/http/public-route';
import { parseVersion, publicSnapshotBySlug } from '@/lib/passport/public/snapshot-view';

export const dynamic = 'force-dynamic';

/**
 * One recorded version, restricted fields removed at read time. Historical versions are served only while the
 * passport is published: a withdrawn passport's versions answer 404 like an unknown one.
 */
export const GET = publicRoute<{ slug: string; version: string }>({}, async (request, { params }) => {
  const version = parseVersion(params.version);
  const snapshot = await publicSnapshotBySlug(params.slug, version);
  return conditionalResponse(
    request,
    { bytes: snapshot.bytes, etag: `"${snapshot.sha256}"` },
    {
      'Content-Type': 'application/json; charset=utf-8',
      // Revalidated, not immutable: the same URL must stop answering once the passport is withdrawn.
      'Cache-Control': REVALIDATE,
      'X-DPP-Version': String(snapshot.version),
      'X-Snapshot-Sha256': snapshot.sha256,
      'X-Snapshot-Bytes': String(snapshot.bytes.byteLength),
      'X-Snapshot-Published-At': snapshot.publishedAt,
    },
  );
});
