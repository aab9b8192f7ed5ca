import type { Endpoint } from '../endpoint';
import { downloadDocumentEndpoint, listDocumentsEndpoint, uploadDocumentEndpoint } from './documents/endpoints';

export * from './documents/endpoints';

/** Evidence documents: upload (multipart, signed raw), list with download URLs, download. */
export const documentsEndpoints: Endpoint[] = [
  uploadDocumentEndpoint,
  listDocumentsEndpoint,
  downloadDocumentEndpoint,
] as Endpoint[];
