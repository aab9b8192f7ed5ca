export { approveProduct } from './lifecycle/approve';
export { deprecateProduct } from './lifecycle/deprecate';
export { reinstateProduct } from './lifecycle/reinstate';
export { rejectProduct } from './lifecycle/reject';
export { startRevision } from './lifecycle/revise';
export { submitProduct } from './lifecycle/submit';
export { withdrawProduct, type WithdrawInput } from './lifecycle/withdraw';
export type { LifecycleResult } from './lifecycle/result';
