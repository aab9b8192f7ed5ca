import type { Transport } from './http';

export function documentsApi(transport: Transport) {
  void transport;
  return {};
}
