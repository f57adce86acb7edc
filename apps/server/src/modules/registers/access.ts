import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import type { TRegisterAccess } from '../../platform/identity.js';
import { invalidData } from '../../platform/errors.js';
import { inScope, type TScope } from '../../platform/tenancy.js';
import { anySpaceInScope } from '../spaces/service.js';
import { categoriesService } from '../categories/definition.js';
import { registers as reg } from './tables.js';

/**
 * The registers a caller sees (decision 0064): those of their space and below, and, for a login
 * limited to an establishment or an area of a client, the client's registers that cover it — the
 * establishment is one of the register's (or it has all), and one of its areas is in the caller's
 * scope (or it has all). A register lives in its client's space, above such a caller. The same
 * rule is the registers table's read policy (migration 0047).
 */
export function visibleRegister(caller: TScope): SQL {
  const below = sql`substr(${caller.spacePath}::text, length(${reg.secureSpacePath}) + 1)`;
  const coversCaller = sql`(starts_with(${caller.spacePath}::text, ${reg.secureSpacePath}) and ${reg.secureSpacePath} <> ${caller.spacePath}::text
    and (${reg.allEstablishments} or split_part(${below}, '/', 1) = any(${reg.establishmentIds}::text[]))
    and (${reg.allAreas} or ${anySpaceInScope(reg.areaIds, caller)}))`;
  return or(inScope(reg.secureSpacePath, caller), coversCaller)!;
}

/** The registersAccess of the caller as a predicate (an empty list: no restriction). */
export function accessPredicate(access: TRegisterAccess[]): SQL | undefined {
  if (!access.length) return undefined;
  return or(
    ...access.map((a) =>
      and(
        eq(reg.areaAccess, a.areaAccess),
        a.category ? eq(reg.categoryId, a.category) : undefined,
        a.registers?.length ? inArray(reg.id, a.registers) : undefined,
      ),
    ),
  );
}

/** Whether the register lives above the caller's space (seen from one of its establishments or areas). */
export const isAboveCaller = (caller: TScope, row: { secureSpacePath: string }) =>
  caller.spacePath !== row.secureSpacePath && caller.spacePath.startsWith(row.secureSpacePath);

export interface TRegistersAccessEntry {
  areaAccess: string;
  category?: string | null;
  registers?: string[];
}

/**
 * The user form's registersAccess (decision 0035), checked before it is saved with the user: each
 * entry's category is a REGISTER category the caller sees, and each named register is one of the
 * caller's of that entry's area access (and category, when set). An entry that could never match
 * a register would silently hide everything: refused as 400 `registersAccess` instead.
 */
export async function assertRegistersAccess(tx: TDb, caller: TAuth, entries: TRegistersAccessEntry[]) {
  const ids = [...new Set(entries.flatMap((e) => e.registers ?? []))];
  const rows = ids.length
    ? await tx
        .select({ id: reg.id, areaAccess: reg.areaAccess, categoryId: reg.categoryId })
        .from(reg)
        .where(and(inArray(reg.id, ids), visibleRegister(caller)))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const entry of entries) {
    if (entry.category) {
      const category = await categoriesService.repo.find(tx, caller, entry.category);
      if (!category || category.type !== 'REGISTER') throw invalidData(['registersAccess']);
    }
    for (const id of entry.registers ?? []) {
      const row = byId.get(id);
      if (!row || row.areaAccess !== entry.areaAccess || (entry.category && row.categoryId !== entry.category)) throw invalidData(['registersAccess']);
    }
  }
}

/** Stored form: no duplicate register ids, no empty category. */
export const normalizeRegistersAccess = (entries: TRegistersAccessEntry[]) =>
  entries.map((e) => ({
    areaAccess: e.areaAccess,
    ...(e.category ? { category: e.category } : {}),
    ...(e.registers?.length ? { registers: [...new Set(e.registers)] } : {}),
  }));
