import { randomBytes } from 'node:crypto';
import { slugFromName } from '../../companies';
import type { Tx } from '../../db/client';
import { ServiceError } from '../../errors';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG = 80;

async function slugTaken(tx: Tx, slug: string): Promise<boolean> {
  return (await tx.product.findUnique({ where: { slug }, select: { id: true } })) !== null;
}

/** The slug a name gives before any suffix: its plain form. */
export const slugBase = (name: string) =>
  slugFromName(name)
    .slice(0, MAX_SLUG - 9)
    .replace(/-+$/, '') || 'passport';

/**
 * The passport's public slug (`/dpp/<slug>`), unique across the service: the one given, checked, or one made
 * from the name with a random suffix when the plain form is taken. `baseTaken`, when the caller already asked
 * whether the plain form is taken (creationChecks), saves the question.
 */
export async function claimSlug(tx: Tx, given: string | undefined, name: string, baseTaken?: boolean): Promise<string> {
  if (given !== undefined) {
    if (!SLUG.test(given) || given.length > MAX_SLUG) {
      const message = `A slug has lowercase letters, digits and single hyphens, at most ${MAX_SLUG} characters.`;
      throw new ServiceError('VALIDATION_ERROR', message, {
        details: { issues: [{ path: 'slug', code: 'invalid_value', message }] },
      });
    }
    if (await slugTaken(tx, given))
      throw new ServiceError('NAME_IN_USE', 'This slug is already taken.', { details: { field: 'slug' } });
    return given;
  }
  const base = slugBase(name);
  if (!(baseTaken ?? (await slugTaken(tx, base)))) return base;
  for (let attempt = 0; attempt < 5; attempt++) {
    const candidate = `${base}-${randomBytes(4).toString('hex')}`;
    if (!(await slugTaken(tx, candidate))) return candidate;
  }
  throw new Error(`No free slug found for ${base}`);
}
