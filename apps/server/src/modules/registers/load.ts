import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { timeZoneOfPath } from '../spaces/service.js';
import { withinRegistersAccess } from './policy.js';
import * as repo from './repo.js';
import type { TRegisterRow } from './tables.js';

/** A visible register within the caller's registersAccess: 404 when not visible, 452 outside the access. */
export async function loadRegister(tx: TDb, caller: TAuth, id: string) {
  const row = await repo.findVisible(tx, caller, id);
  if (!row) throw notFound();
  if (!withinRegistersAccess(caller.access.registers, row)) throw forbidden();
  return row;
}

/** The time zone of the register's space (its days and periods). */
export const zoneOf = (tx: TDb, row: Pick<TRegisterRow, 'secureSpacePath'>) => timeZoneOfPath(tx, row.secureSpacePath);
