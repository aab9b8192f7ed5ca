import { z } from 'zod';
import { hashPassword } from './crypto/passwords';
import type { Db, Tx } from './db/client';
import type { Company } from './db/generated/client';
import type { UserRole } from './db/generated/enums';
import { inTransaction, isUniqueViolation } from './db/transaction';
import { writeAudit } from './domain/audit';
import { type Actor, systemActor } from './domain/context';
import { ServiceError } from './errors';
import { isUuid } from './ids';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const MAX_SLUG = 60;
export const OPERATOR_ROLES = ['ADMIN', 'EDITOR', 'REVIEWER'] as const satisfies readonly UserRole[];

// Letters that Unicode decomposition leaves alone but that have a customary ASCII spelling.
const TRANSLITERATIONS: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', þ: 'th' };

/** `Voltaris Battery Systems GmbH` → `voltaris-battery-systems-gmbh`; accents dropped, ASCII only. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæøœłđþ]/g, (c) => TRANSLITERATIONS[c])
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, MAX_SLUG)
    .replace(/^-+|-+$/g, '');
}

const invalid = (message: string, field: string) =>
  new ServiceError('VALIDATION_ERROR', message, { details: { field } });

export async function createCompany(
  db: Db | Tx,
  input: { name: string; slug?: string | null; actor?: Actor },
): Promise<Company> {
  const name = input.name?.trim() ?? '';
  if (name.length < 1 || name.length > 200) throw invalid('A company needs a name of 1 to 200 characters.', 'name');
  const slug = input.slug?.trim().toLowerCase() || slugFromName(name);
  if (!slug) throw invalid(`No slug can be derived from "${name}"; give one explicitly.`, 'slug');
  // A slug shaped like a UUID would make `resolveCompany` ambiguous.
  if (!SLUG.test(slug) || slug.length > MAX_SLUG || isUuid(slug)) {
    throw invalid(
      `"${slug}" is not a valid slug: lowercase letters, digits and single hyphens, at most ${MAX_SLUG} characters.`,
      'slug',
    );
  }
  const taken = () =>
    new ServiceError('NAME_IN_USE', `The company slug "${slug}" is already taken; choose another slug.`, {
      details: { field: 'slug' },
    });
  try {
    return await inTransaction(db, async (tx) => {
      if (await tx.company.findUnique({ where: { slug }, select: { id: true } })) throw taken();
      const company = await tx.company.create({ data: { name, slug } });
      await writeAudit(tx, {
        companyId: company.id,
        eventType: 'CompanyCreated',
        actor: input.actor ?? systemActor(),
        context: { slug, name },
      });
      return company;
    });
  } catch (err) {
    throw isUniqueViolation(err) ? taken() : err;
  }
}

/** A company by UUID or slug; anything else is a clear not-found. */
export async function resolveCompany(db: Db | Tx, idOrSlug: string): Promise<Company> {
  const key = idOrSlug?.trim() ?? '';
  const company = isUuid(key)
    ? await db.company.findUnique({ where: { id: key } })
    : await db.company.findUnique({ where: { slug: key.toLowerCase() } });
  if (!company) throw new ServiceError('NOT_FOUND', `No company with id or slug "${key}".`);
  return company;
}

export interface CreateOperatorInput {
  companyId: string;
  email: string;
  password: string;
  role: string;
  name?: string | null;
  actor?: Actor;
}

export async function createOperator(db: Db | Tx, input: CreateOperatorInput) {
  const email = input.email?.trim().toLowerCase() ?? '';
  if (email.length > 254 || !z.email().safeParse(email).success)
    throw invalid(`"${input.email}" is not a valid email address.`, 'email');
  const role = input.role?.trim().toUpperCase() as UserRole;
  if (!OPERATOR_ROLES.includes(role)) throw invalid(`The role must be one of ${OPERATOR_ROLES.join(', ')}.`, 'role');
  // Hashing is deliberately slow, so it happens before the transaction opens.
  const passwordHash = await hashPassword(input.password);
  const duplicate = () =>
    new ServiceError('NAME_IN_USE', `An operator with the email ${email} already exists.`, {
      details: { field: 'email' },
    });
  try {
    return await inTransaction(db, async (tx) => {
      if (
        !isUuid(input.companyId) ||
        !(await tx.company.findUnique({ where: { id: input.companyId }, select: { id: true } }))
      ) {
        throw new ServiceError('NOT_FOUND', 'No such company.');
      }
      if (await tx.user.findUnique({ where: { email }, select: { id: true } })) throw duplicate();
      const user = await tx.user.create({
        data: { companyId: input.companyId, email, role, passwordHash, name: input.name?.trim() || null },
      });
      // The address stays out of the append-only audit trail, which GDPR erasure could not clean.
      const actor = input.actor ?? systemActor();
      await writeAudit(tx, {
        companyId: input.companyId,
        eventType: 'OperatorCreated',
        actor,
        context: { userId: user.id, role },
      });
      return { id: user.id, email: user.email, role: user.role, companyId: user.companyId, name: user.name };
    });
  } catch (err) {
    throw isUniqueViolation(err) ? duplicate() : err;
  }
}
