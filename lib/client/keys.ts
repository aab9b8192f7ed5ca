import type { Transport } from './http';

export function keysApi(transport: Transport) {
  void transport;
  return {};
}
