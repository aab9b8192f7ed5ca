import { config } from '../../config';
import { didDocumentUrl } from '../../credentials/did';
import { issuerOf } from '../../credentials/sign';
import { type Db, prisma } from '../../db/client';

export interface IssuerKeyView {
  kid: string;
  createdAt: Date;
  retiredAt: Date | null;
}

/** What the portal shows of a company's signing identity: its did:web DID, where its DID document is, its keys. */
export interface SigningIdentity {
  did: string;
  didDocumentUrl: string;
  /** The key that signs from now on; null before the company's first publication (or first rotation). */
  current: IssuerKeyView | null;
  /** Keys that signed earlier credentials and still verify them, newest first. */
  retired: IssuerKeyView[];
}

/**
 * The signing identity of the operator's company: the same DID and key order as its DID document (the current
 * key, then retired ones newest first), read without the private keys.
 */
export async function signingIdentity(companyId: string, db: Db = prisma): Promise<SigningIdentity> {
  const company = await db.company.findUniqueOrThrow({
    where: { id: companyId },
    select: {
      slug: true,
      name: true,
      issuerKeys: {
        select: { kid: true, createdAt: true, retiredAt: true },
        orderBy: [{ createdAt: 'desc' }, { kid: 'asc' }],
      },
    },
  });
  const keys = company.issuerKeys;
  return {
    did: issuerOf(company).did,
    didDocumentUrl: didDocumentUrl(config().BASE_URL, company.slug),
    current: keys.find((k) => k.retiredAt === null) ?? null,
    retired: keys.filter((k) => k.retiredAt !== null),
  };
}
