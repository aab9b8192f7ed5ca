// GDPR: data-subject access, portability and erasure for one email address (gdpr:admin keys, live mode only).
// Types come from the generated openapi-types.ts, never from the server's modules.
import type { ResponseBody } from './api-types';
import type { Transport, WriteOptions } from './http';

export type SubjectData = ResponseBody<'gdprAccess'>;
export type SubjectExport = ResponseBody<'gdprPortability'>;
export type EraseResult = ResponseBody<'gdprErase'>;

export function gdprApi(transport: Transport) {
  const { call, send } = transport;
  return {
    gdprAccess: (email: string, opts: WriteOptions = {}) =>
      call<SubjectData>('POST', '/api/v1/gdpr/access', { ...opts, body: { email } }),
    gdprPortability: (email: string, opts: WriteOptions = {}) =>
      call<SubjectExport>('POST', '/api/v1/gdpr/portability', { ...opts, body: { email } }),
    gdprErase: (email: string, opts: WriteOptions = {}) =>
      call<EraseResult>('POST', '/api/v1/gdpr/erase', { ...opts, body: { email } }),
    /** The raw answer of the export, headers included (Content-Disposition names the file); never throws on a status. */
    gdprPortabilityResponse: (email: string, opts: WriteOptions = {}) =>
      send<SubjectExport>('POST', '/api/v1/gdpr/portability', { ...opts, body: { email } }),
  };
}
