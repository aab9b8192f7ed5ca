import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { portalUserId, type VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { requireRole } from '../../passport/transitions/result';
import { mintApiKey } from '../keys';
import { PRIVILEGED_SCOPES, type Scope, validateScopeSet } from '../scopes';
import type { MintedKeyView } from './mint';
import { KEY_VIEW_SELECT, keyView } from './view';

/** Only a company administrator signed in to the portal mints privileged keys (the CLI uses mintApiKey itself). */
export const ADMIN_KEY_ROLES = ['ADMIN'];

export interface MintAdminKeyInput {
  name: string;
  /** Exactly one privileged scope, alone on its key. */
  scope: string;
  mode: 'live' | 'test';
  expiresInDays?: number;
  allowedCidrs?: string[];
}

const invalid = (message: string, field: string) =>
  new ServiceError('VALIDATION_ERROR', message, { details: { field } });

/**
 * The admin-key dialog's verb: a key carrying `keys:admin` or `gdpr:admin` and nothing else (gdpr:admin on live
 * keys only). The plan's key quota applies; mintApiKey writes the ApiKeyMinted audit row naming the operator.
 */
export async function mintAdminKey({ ctx, input, db = prisma }: VerbArgs<MintAdminKeyInput>): Promise<MintedKeyView> {
  requireRole(ctx, ADMIN_KEY_ROLES, 'mint admin keys');
  if (!PRIVILEGED_SCOPES.includes(input.scope as Scope)) {
    throw invalid(`Choose one of ${PRIVILEGED_SCOPES.join(' or ')} for an admin key.`, 'scope');
  }
  if (input.mode !== 'live' && input.mode !== 'test') throw invalid('The key mode must be live or test.', 'mode');
  const mode = input.mode === 'test' ? 'TEST' : 'LIVE';
  const scopeErrors = validateScopeSet([input.scope], { allowPrivileged: true, mode });
  if (scopeErrors.length > 0) throw invalid(scopeErrors.join(' '), 'scope');
  return inTransaction(db, async (tx) => {
    const minted = await mintApiKey(tx, {
      companyId: ctx.companyId,
      name: input.name,
      scopes: [input.scope],
      mode,
      expiresInDays: input.expiresInDays,
      allowedCidrs: input.allowedCidrs,
      createdByUserId: portalUserId(ctx),
      actor: ctx.actor,
      allowPrivileged: true,
    });
    const row = await tx.apiKey.findUniqueOrThrow({ where: { id: minted.id }, select: KEY_VIEW_SELECT });
    return { ...keyView(row), key: minted.key, signingSecret: minted.signingSecret };
  });
}
