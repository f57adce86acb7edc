import type { TTemplateAnswer } from '@audit/domain/audits';
import { currentUserId } from '../../../session/sessionOwner';
import type { TFieldValue } from '../auditRunApi';

/**
 * The run view's write-ahead journal. A change waits in its lane (runner.ts) until the previous call
 * of that lane settles, and only then reaches the server or the offline queue in IndexedDB. A page
 * closed in between (a tablet that kills the tab, a reload) would lose what the auditor typed. So
 * each change is first written here, synchronously in the event that made it (localStorage), and
 * removed once its call has settled: sent, queued in IndexedDB, or refused. What is left when the run
 * view opens again was never settled and is saved again (every intent sets a value: saving it twice
 * is harmless).
 */
export type TRunIntent =
  | { kind: 'answer'; questionId: string; templateAnswer: TTemplateAnswer | null }
  | { kind: 'fields'; fieldKind: 'cover' | 'contacts'; values: TFieldValue[] }
  | { kind: 'note'; questionId: string; note: string };

type TJournal = Record<string, { seq: number; intent: TRunIntent }>;

const PREFIX = 'audit-run-intents';
let seq = 0;

const storageKey = (auditId: string) => {
  const user = currentUserId();
  return user ? `${PREFIX}:${user}:${auditId}` : null;
};

/** One entry per value: a later change of the same answer, note or field replaces the earlier one. */
export const intentKey = (intent: TRunIntent) =>
  intent.kind === 'fields' ? `fields:${intent.fieldKind}:${intent.values.map((v) => v._id).join(',')}` : `${intent.kind}:${intent.questionId}`;

function read(key: string): TJournal {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as TJournal) : {};
  } catch {
    return {};
  }
}

function write(key: string, journal: TJournal) {
  try {
    if (Object.keys(journal).length) localStorage.setItem(key, JSON.stringify(journal));
    else localStorage.removeItem(key);
  } catch {
    // Storage full or unavailable: the change still goes through its lane, only without the journal.
  }
}

/** Writes the intent; the returned function removes it unless a later change of the same value replaced it. */
export function journalIntent(auditId: string, intent: TRunIntent): () => void {
  const key = storageKey(auditId);
  if (!key) return () => undefined;
  const entry = intentKey(intent);
  const mine = ++seq;
  write(key, { ...read(key), [entry]: { seq: mine, intent } });
  return () => {
    const journal = read(key);
    if (journal[entry]?.seq !== mine) return;
    delete journal[entry];
    write(key, journal);
  };
}

/** The intents an earlier page left unsettled, oldest first; the journal is emptied (saving them journals them again). */
export function takeLeftIntents(auditId: string): TRunIntent[] {
  const key = storageKey(auditId);
  if (!key) return [];
  const left = Object.values(read(key)).sort((a, b) => a.seq - b.seq);
  write(key, {});
  return left.map((entry) => entry.intent);
}
