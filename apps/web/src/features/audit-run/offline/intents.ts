import type { TTemplateAnswer } from '@audit/domain/audits';
import { createJournal } from '../../../offline/journal';
import type { TFieldValue } from '../auditRunApi';

/**
 * The run view's write-ahead journal (offline/journal.ts). A change waits in its lane (runner.ts) until the previous call
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

/** One entry per value: a later change of the same answer, note or field replaces the earlier one. */
export const intentKey = (intent: TRunIntent) =>
  intent.kind === 'fields' ? `fields:${intent.fieldKind}:${intent.values.map((v) => v._id).join(',')}` : `${intent.kind}:${intent.questionId}`;

const journal = createJournal<TRunIntent>('audit-run-intents', 'intent', intentKey);

/** Writes the intent; the returned function removes it unless a later change of the same value replaced it. */
export const journalIntent = (auditId: string, intent: TRunIntent): (() => void) => journal.add(auditId, intent);

/** The intents an earlier page left unsettled, oldest first; the journal is emptied (saving them journals them again). */
export const takeLeftIntents = (auditId: string): TRunIntent[] => journal.takeLeft(auditId);
