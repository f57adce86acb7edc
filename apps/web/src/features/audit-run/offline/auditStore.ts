import type { TAudit } from '@audit/domain/audits';
import { AUDITS, transact } from './runAuditDb';
import type { TLocalAudit } from './records';

export const localCopy = (user: string, audit: TAudit): TLocalAudit => ({ auditId: audit._id, user, savedAt: new Date().toISOString(), audit });

/** The `audits` store: one audit per id, as last shown on this device to the user who ran it. */
export const saveLocalAudit = (user: string, audit: TAudit) =>
  transact(AUDITS, 'readwrite', (tx) => {
    tx.objectStore(AUDITS).put(localCopy(user, audit));
    return () => undefined;
  });

/**
 * What the open run view shows of an audit (its optimistic changes included), read when a write is
 * queued so that the copy is stored in the same transaction as the record: a page closed right after
 * a change shows that change when it opens again (useLocalAuditCopy registers it).
 */
const shownAudits = new Map<string, () => TLocalAudit | null>();

export function registerShownAudit(auditId: string, read: () => TLocalAudit | null) {
  shownAudits.set(auditId, read);
  return () => {
    if (shownAudits.get(auditId) === read) shownAudits.delete(auditId);
  };
}

export const shownAudit = (auditId: string) => shownAudits.get(auditId)?.() ?? null;

/** The local copy, only when it was written for this user (another user's copy is not theirs to see). */
export async function readLocalCopy(auditId: string, user: string): Promise<TLocalAudit | null> {
  const value = await transact(AUDITS, 'readonly', (tx) => {
    const request = tx.objectStore(AUDITS).get(auditId);
    return () => request.result as TLocalAudit | undefined;
  });
  return value && value.user === user ? value : null;
}

export const readLocalAudit = async (auditId: string, user: string) => (await readLocalCopy(auditId, user))?.audit ?? null;
