// The relations' lists page by (createdAt, id) like the domain's other lists; their callers name the types here.
export type { After, Page, PageInput } from '../../domain/keyset';
