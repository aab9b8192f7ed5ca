import type { Operator } from '@/lib/portal/session';

/** The lifecycle actions the product's state and the operator's role allow. */
export async function LifecyclePanel({ productId, operator }: { productId: string; operator: Operator }) {
  void productId;
  void operator;
  return null;
}
