import type { Transport } from './http';

export function webhooksApi(transport: Transport) {
  void transport;
  return {};
}
