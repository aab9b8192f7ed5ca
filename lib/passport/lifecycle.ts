export { approveProduct } from './transitions/approve';
export { deprecateProduct } from './transitions/deprecate';
export { reinstateProduct } from './transitions/reinstate';
export { rejectProduct } from './transitions/reject';
export { startRevision } from './transitions/revise';
export { submitProduct } from './transitions/submit';
export { withdrawProduct, type WithdrawInput } from './transitions/withdraw';
export type { LifecycleResult } from './transitions/result';
