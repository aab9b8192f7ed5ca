import type { Db, Tx } from '../db/client';
import type { Mode } from '../db/generated/enums';
import { isUuid } from '../ids';

/** The channels of the audit trail: who asked for a change, through which door. */
export type Channel = 'Portal' | 'API' | 'System';

export interface Actor {
  /** `ADMIN`, `EDITOR`, `REVIEWER` for operators; `Integration` for an API key; `System` otherwise. */
  role: string;
  /** User id, API key id, BMS secret id, or a fixed name such as `cli`. */
  id: string | null;
  channel: Channel;
}

/** What every domain verb receives: the tenant and the actor. Queries filter by `companyId`, always. */
export interface DomainContext {
  companyId: string;
  actor: Actor;
  /** Integration API keys see only their own mode's data; operators and the CLI see both. */
  mode?: Mode;
}

/** A domain verb's one argument: `verb({ ctx, input })`, inside the caller's transaction when it passes `db`. */
export interface VerbArgs<Input> {
  ctx: DomainContext;
  input: Input;
  db?: Db | Tx;
  /** The time the verb acts at; tests pass their own. */
  now?: Date;
}

/** The argument of a verb that needs no input beyond its tenant (dashboards, tenant-wide lists). */
export type TenantArgs = Omit<VerbArgs<never>, 'input'>;

/** The operator (a user id) behind a portal request, recorded as who decided or created; null for keys and the system. */
export const portalUserId = (ctx: DomainContext): string | null =>
  ctx.actor.channel === 'Portal' && isUuid(ctx.actor.id) ? ctx.actor.id : null;

export const systemActor = (id = 'system'): Actor => ({ role: 'System', id, channel: 'System' });
