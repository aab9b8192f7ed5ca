import type { Transport } from './http';

export function gdprApi(transport: Transport) {
  void transport;
  return {};
}
