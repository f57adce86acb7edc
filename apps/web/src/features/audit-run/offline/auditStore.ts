import type { TAudit } from '@audit/domain/audits';
import { AUDITS, transact } from './runAuditDb';
import type { TLocalAudit } from './records';

/** The `audits` store: one audit per id, as last shown on this device to the user who ran it. */
export const saveLocalAudit = (user: string, audit: TAudit) =>
  transact(AUDITS, 'readwrite', (tx) => {
    const value: TLocalAudit = { auditId: audit._id, user, savedAt: new Date().toISOString(), audit };
    tx.objectStore(AUDITS).put(value);
    return () => undefined;
  });

/** The local copy, only when it was written for this user (another user's copy is not theirs to see). */
export async function readLocalCopy(auditId: string, user: string): Promise<TLocalAudit | null> {
  const value = await transact(AUDITS, 'readonly', (tx) => {
    const request = tx.objectStore(AUDITS).get(auditId);
    return () => request.result as TLocalAudit | undefined;
  });
  return value && value.user === user ? value : null;
}

export const readLocalAudit = async (auditId: string, user: string) => (await readLocalCopy(auditId, user))?.audit ?? null;
