import { prisma } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { writeAudit } from '../../domain/audit';
import type { VerbArgs } from '../../domain/context';
import { ServiceError } from '../../errors';
import { normaliseCidrs } from '../cidr';
import { loadKeyForUpdate, requireKeyAdmin } from './find';
import { KEY_VIEW_SELECT, type KeyView, keyView } from './view';

export interface UpdateKeyInput {
  keyId: string;
  name?: string;
  /** Replaces the allow-list; an empty list removes the restriction. */
  allowedCidrs?: string[];
}

function patchOf(input: UpdateKeyInput): { name?: string; allowedCidrs?: string[] } {
  const patch: { name?: string; allowedCidrs?: string[] } = {};
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (name.length < 1 || name.length > 100)
      throw new ServiceError('VALIDATION_ERROR', 'A key needs a name of 1 to 100 characters.', {
        details: { field: 'name' },
      });
    patch.name = name;
  }
  if (input.allowedCidrs !== undefined) {
    const { cidrs, invalid } = normaliseCidrs(input.allowedCidrs);
    if (invalid.length > 0) {
      throw new ServiceError('VALIDATION_ERROR', `Not an IPv4 or IPv6 CIDR range: ${invalid.join(', ')}.`, {
        details: { field: 'allowedCidrs', invalid },
      });
    }
    patch.allowedCidrs = cidrs;
  }
  return patch;
}

const same = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

/** Renames a key or replaces its CIDR allow-list (effective on its next request). A change to nothing writes nothing. */
export async function updateKey({ ctx, input, db = prisma }: VerbArgs<UpdateKeyInput>): Promise<KeyView> {
  requireKeyAdmin(ctx, 'change API keys');
  const patch = patchOf(input);
  return inTransaction(db, async (tx) => {
    const key = await loadKeyForUpdate(tx, ctx, input.keyId);
    const members = [
      ...(patch.name !== undefined && patch.name !== key.name ? ['name'] : []),
      ...(patch.allowedCidrs !== undefined && !same(patch.allowedCidrs, key.allowedCidrs) ? ['allowedCidrs'] : []),
    ];
    if (members.length === 0) return keyView(key);
    const data = Object.fromEntries(members.map((m) => [m, patch[m as keyof typeof patch]]));
    const updated = await tx.apiKey.update({ where: { id: key.id }, data, select: KEY_VIEW_SELECT });
    await writeAudit(tx, {
      companyId: ctx.companyId,
      eventType: 'ApiKeyUpdated',
      actor: ctx.actor,
      context: {
        apiKeyId: key.id,
        members,
        ...(members.includes('allowedCidrs') ? { allowedCidrs: updated.allowedCidrs } : {}),
      },
    });
    return keyView(updated);
  });
}
