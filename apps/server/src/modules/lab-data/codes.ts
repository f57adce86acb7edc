import type { TLabResultCodeOption } from '@audit/domain/lab-data';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { labResultCodesIn } from '../nomenclatures/definitions.js';

/**
 * Result code → organism, the nomenclature of decision 0053: the codes the caller's scope sees (its
 * own space's, below and inherited), code → organism. A report keeps the code; the organism is read
 * here when it is presented.
 */
export const visibleCodes = (tx: TDb, caller: TAuth): Promise<Map<string, string>> => labResultCodesIn(tx, caller);

/** A code the caller's nomenclature does not hold is a 400 naming `resultCode`. */
export async function assertKnownCode(tx: TDb, caller: TAuth, code: string | null | undefined) {
  if (code && !(await visibleCodes(tx, caller)).has(code)) throw invalidData(['resultCode']);
}

/** GET /lab-reports/result-codes: the pickers' and filters' options (the laboratory role reads no nomenclature screens). */
export async function labResultCodeOptions(ctx: TModuleContext, caller: TAuth): Promise<TLabResultCodeOption[]> {
  const codes = await scoped(ctx, caller, (tx) => visibleCodes(tx, caller));
  return [...codes].map(([code, organism]) => ({ code, organism }));
}
