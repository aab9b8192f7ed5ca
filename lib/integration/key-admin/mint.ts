import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { portalUserId, type VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { mintApiKey } from '../keys';
import { requireKeyAdmin, visibleModes } from './find';
import { KEY_VIEW_SELECT, type KeyView, keyView } from './view';

export interface MintKeyInput {
  name: string;
  scopes: string[];
  mode: 'live' | 'test';
  expiresInDays?: number;
  allowedCidrs?: string[];
}

/** The only answer that carries the key and its signing secret in clear. */
export interface MintedKeyView extends KeyView {
  key: string;
  signingSecret: string;
}

/**
 * Mints a key of the administrator's company through the ordinary channel: privileged scopes are refused
 * (VALIDATION_ERROR naming them) and the plan's key quota applies (PLAN_LIMIT). mintApiKey writes the audit row.
 */
export async function mintKey({ ctx, input, db = prisma }: VerbArgs<MintKeyInput>): Promise<MintedKeyView> {
  requireKeyAdmin(ctx, 'mint API keys');
  const mode = input.mode === 'test' ? 'TEST' : 'LIVE';
  if (!visibleModes(ctx).includes(mode))
    throw new ServiceError('CROSS_MODE_DENIED', 'A sandbox key can mint sandbox keys only.');
  return inTransaction(db, async (tx) => {
    const minted = await mintApiKey(tx, {
      companyId: ctx.companyId,
      name: input.name,
      scopes: input.scopes,
      mode,
      expiresInDays: input.expiresInDays,
      allowedCidrs: input.allowedCidrs,
      createdByUserId: portalUserId(ctx),
      actor: ctx.actor,
      allowPrivileged: false,
    });
    const row = await tx.apiKey.findUniqueOrThrow({ where: { id: minted.id }, select: KEY_VIEW_SELECT });
    return { ...keyView(row), key: minted.key, signingSecret: minted.signingSecret };
  });
}
