/**
 * A unique index is the last word on "already exists": a check before an insert cannot see a
 * parallel request's uncommitted row, nor (under RLS) another tenant's. When the index fires
 * (PostgreSQL 23505), the error handler answers the catalogue error registered for that
 * constraint, else BADREQUESTERROR 420 ("the data already exists"), naming `name` for the
 * `..._name_key` indexes of catalogues. Never a 500.
 */
import type { TErrorCode } from '@audit/domain/errors';

const UNIQUE_VIOLATION = '23505';

/** The catalogue error (a named code) and the fields a constraint stands for. */
export interface TDuplicateAnswer {
  code: TErrorCode;
  fields?: string[];
}

const registered = new Map<string, TDuplicateAnswer>();

/** Declares the answer for one unique constraint (e.g. users' e-mail is `emailTaken` (423), not `alreadyExists` (420)). */
export function onUniqueViolation(constraint: string, answer: TDuplicateAnswer) {
  registered.set(constraint, answer);
}

interface TDatabaseError {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

/** The driver's error with this SQLSTATE, wherever the ORM wrapped it (drizzle puts it in `cause`). */
export function findDatabaseError(error: unknown, sqlState: string): TDatabaseError | undefined {
  for (let e = error as TDatabaseError | undefined, hops = 0; e && typeof e === 'object' && hops < 5; e = e.cause as TDatabaseError | undefined, hops++) {
    if (e.code === sqlState) return e;
  }
  return undefined;
}

const findUniqueViolation = (error: unknown) => findDatabaseError(error, UNIQUE_VIOLATION);

/** The answer for a unique violation anywhere in the error's causes; undefined for any other error. */
export function duplicateAnswer(error: unknown): TDuplicateAnswer | undefined {
  const violation = findUniqueViolation(error);
  if (!violation) return undefined;
  const constraint = violation.constraint ?? '';
  return registered.get(constraint) ?? { code: 'alreadyExists', ...(constraint.endsWith('_name_key') ? { fields: ['name'] } : {}) };
}
