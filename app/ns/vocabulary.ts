import { config } from '@/lib/config';
import { vocabularyDocument } from '@/lib/passport/public/representations';

type Terms = Parameters<typeof vocabularyDocument>[2];

/**
 * The GET of a vocabulary namespace, what its IRIs dereference to: JSON-LD any site may read, cached for a day.
 * Outside /api on purpose: a vocabulary is not rate-limited.
 */
export function vocabularyRoute(namespace: (baseUrl: string) => string, title: string, terms: Terms) {
  return function serveVocabulary(): Response {
    const doc = vocabularyDocument(namespace(config().BASE_URL), title, terms);
    return new Response(JSON.stringify(doc), {
      headers: {
        'Content-Type': 'application/ld+json; charset=utf-8',
        'Cache-Control': 'public, max-age=86400',
        'Access-Control-Allow-Origin': '*',
      },
    });
  };
}
