import { hasPermissions, type TPermission } from '@audit/domain/permissions';
import { AppError, forbidden, outsideSpace } from './errors.js';
import type { TIdentity } from './identity.js';

/**
 * One policy per entity (modules/<x>/policy.ts): for each of the entity's actions, a rule saying
 * whether the caller may take it. The same rules answer `can` (sent with every object, so the web
 * never decides) and `authorize` (run by the service before the action). See docs/decisions/0020.
 *
 * A rule answers `true` (allowed), `false` (refused with the catalogue's forbidden error, 452) or
 * the catalogue error that says why more precisely (494 not the audit's auditor, AUD0002 status).
 */
export type TRule<TEntity> = (who: TIdentity, entity: TEntity) => boolean | AppError;

export interface TPolicy<TEntity, TActionName extends string> {
  readonly actions: readonly TActionName[];
  /** May `who` take `action` on `entity`? */
  can(who: TIdentity | null, action: TActionName, entity: TEntity): boolean;
  /** Throws the rule's catalogue error (forbidden by default) unless `who` may take `action`. */
  authorize(who: TIdentity, action: TActionName, entity: TEntity): void;
  /** Every action's answer: the `can` object of the entity's response. */
  canAll(who: TIdentity | null, entity: TEntity): Record<TActionName, boolean>;
}

export function definePolicy<TEntity, TActionName extends string>(rules: Record<TActionName, TRule<TEntity>>): TPolicy<TEntity, TActionName> {
  const actions = Object.keys(rules) as TActionName[];
  const judge = (who: TIdentity, action: TActionName, entity: TEntity) => rules[action](who, entity);
  const can = (who: TIdentity | null, action: TActionName, entity: TEntity) => who !== null && judge(who, action, entity) === true;
  return {
    actions,
    can,
    authorize(who, action, entity) {
      const verdict = judge(who, action, entity);
      if (verdict === true) return;
      throw verdict === false ? forbidden() : verdict;
    },
    canAll: (who, entity) => Object.fromEntries(actions.map((action) => [action, can(who, action, entity)])) as Record<TActionName, boolean>,
  };
}

/** The caller holds every permission named (ADMIN passes): the one permission rule policies build on. */
export const holds = (who: Pick<TIdentity, 'isAdmin' | 'permissions'>, ...required: TPermission[]) => who.isAdmin || hasPermissions(who.permissions, required);

/** The row lives in the caller's space or below it: rows of an ancestor's space are read only (451 on writes). */
export const isOwnedBy = (who: Pick<TIdentity, 'spacePath'>, row: { secureSpacePath: string }) => row.secureSpacePath.startsWith(who.spacePath);

/**
 * A write on a row: the permission (452 without it), then a row the caller's space owns (451 for
 * an ancestor's row, which is readable from below but not writable).
 */
export const holdsOn = (who: TIdentity, row: { secureSpacePath: string }, ...required: TPermission[]): boolean | AppError => {
  if (!holds(who, ...required)) return false;
  return isOwnedBy(who, row) || outsideSpace();
};

export { AppError };
