import type { Transport } from './http';

export function mappingsApi(transport: Transport) {
  void transport;
  return {};
}
