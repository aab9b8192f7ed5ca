export { approveProduct } from './transitions/approve';
export { deprecateProduct } from './transitions/deprecate';
export { closeRecycledPassport, type RecycleInput, recycleProduct } from './transitions/recycle';
export { reinstateProduct } from './transitions/reinstate';
export { rejectProduct } from './transitions/reject';
export type { LifecycleResult } from './transitions/result';
export { startRevision } from './transitions/revise';
export { submitProduct } from './transitions/submit';
export { type WithdrawInput, withdrawProduct } from './transitions/withdraw';
