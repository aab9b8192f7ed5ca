// Restricted (PoLI-tier) access: the public request flow, the manufacturer's decisions, browser grants.
export { approvePoliRequest } from './approve-request';
export { type BmsUpdateEntry, bmsUpdatesOf } from './bms-history';
export {
  clearedGrantCookieHeader,
  cookieValue,
  grantCookieHeader,
  grantCookieName,
  hasGrantCookie,
  secureCookie,
} from './cookie';
export { HONEYPOT_FIELD, INITIAL_FORM_STATE, type PoliFormState } from './form-state';
export { getPoliRequest } from './get-request';
export { type ActiveGrant, findActiveGrant, signOutPoliGrant } from './grant-session';
export { INVALID_LINK_PAGE, VERIFIED_PAGE } from './links';
export { type ListPoliRequestsInput, listPoliRequests, POLI_REQUEST_STATUSES } from './list-requests';
export { redeemPoliAccess } from './redeem-access';
export { seeOther } from './redirect';
export { rejectPoliRequest } from './reject-request';
export { MAX_OPEN_REQUESTS, requestPoliAccess } from './request-access';
export { submitPoliRequestForm } from './request-form';
export { type PoliRequestView, poliRequestView } from './request-view';
export { grantedGroups, grantedMembers } from './restricted-fields';
export { revokePoliAccess } from './revoke-access';
export { POLI_ROLES, roleWithTier, TIER_LABELS } from './roles';
export { verifyPoliEmail } from './verify-email';
