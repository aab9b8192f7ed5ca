// Restricted (PoLI-tier) access: the public request flow, the manufacturer's decisions, browser grants. The routes
// and portal pages take the verbs from here; the public pages import the modules they render from directly.
export { approvePoliRequest } from './approve-request';
export { clearedGrantCookieHeader, cookieValue, grantCookieHeader, grantCookieName, secureCookie } from './cookie';
export { getPoliRequest } from './get-request';
export { signOutPoliGrant } from './grant-session';
export { INVALID_LINK_PAGE, RESTRICTED_VIEW_ANCHOR, VERIFIED_PAGE } from './links';
export { listPoliRequests } from './list-requests';
export { redeemPoliAccess } from './redeem-access';
export { seeOther } from './redirect';
export { rejectPoliRequest } from './reject-request';
export { requestPoliAccess } from './request-access';
export type { PoliRequestView } from './request-view';
export { revokePoliAccess } from './revoke-access';
export { verifyPoliEmail } from './verify-email';
