/** User status rules of the product document, section 4. */
export type TUserStatus = 'ACTIVE' | 'LOCK' | 'UNVERIFIED' | 'DELETED';
export type TSettableStatus = 'ACTIVE' | 'LOCK';

/** From ACTIVE only LOCK, from LOCK only ACTIVE, otherwise both; never DELETED or UNVERIFIED. */
export function statusChoices(current: string): TSettableStatus[] {
  if (current === 'ACTIVE') return ['LOCK'];
  if (current === 'LOCK') return ['ACTIVE'];
  return ['ACTIVE', 'LOCK'];
}

export const LIST_STATUSES = ['active', 'lock', 'unverified', 'deleted'] as const;
