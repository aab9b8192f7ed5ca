import { config } from '../config';

const base = () => config().BASE_URL.replace(/\/+$/, '');

/** Where the emailed links lead; every address in a mail is built from BASE_URL. */
export const verificationLink = (token: string) => `${base()}/api/poli/verify?token=${encodeURIComponent(token)}`;
export const accessLink = (token: string) => `${base()}/api/poli/access?token=${encodeURIComponent(token)}`;
/** The request in the operator portal, where a reviewer decides. */
export const reviewLink = (requestId: string) => `${base()}/portal/access-requests/${requestId}`;
export const absoluteUrl = (path: string) => `${base()}${path}`;

/** The pages the PoLI links end on. */
export const VERIFIED_PAGE = '/poli/verified';
export const INVALID_LINK_PAGE = '/poli/invalid-link';
/** The restricted section of a passport page: where the access link lands. */
export const RESTRICTED_VIEW_ANCHOR = 'restricted-view';
