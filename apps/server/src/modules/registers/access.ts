import { and, inArray } from 'drizzle-orm';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData } from '../../platform/errors.js';
import { inScope } from '../../platform/tenancy.js';
import { categoriesService } from '../categories/definition.js';
import { registers as reg } from './tables.js';

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
        .where(and(inArray(reg.id, ids), inScope(reg.secureSpacePath, caller)))
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
