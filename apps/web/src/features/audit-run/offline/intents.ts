import type { TTemplateAnswer } from '@audit/domain/audits';
import { createJournal, type TJournalled } from '../../../offline/journal';
import type { TFieldValue } from '../auditRunApi';

/**
 * The run view's write-ahead journal (offline/journal.ts). A change waits in its lane (runner.ts) until the previous call
 * of that lane settles, and only then reaches the server or the offline queue in IndexedDB. A page
 * closed in between (a tablet that kills the tab, a reload) would lose what the auditor typed. So
 * each change is first written here, synchronously in the event that made it (localStorage), and
 * removed once its call has settled: sent, queued in IndexedDB, or refused. What a page now gone left
 * when the run view opens again was never settled and is saved again, with its own idempotency key
 * (decision 0066: the server never applies it twice).
 */
export type TRunIntent =
  | { kind: 'answer'; questionId: string; templateAnswer: TTemplateAnswer | null }
  | { kind: 'fields'; fieldKind: 'cover' | 'contacts'; values: TFieldValue[] }
  | { kind: 'note'; questionId: string; note: string };

/** One entry per value: a later change of the same answer, note or field replaces the earlier one. */
export const intentKey = (intent: TRunIntent) =>
  intent.kind === 'fields' ? `fields:${intent.fieldKind}:${intent.values.map((v) => v._id).join(',')}` : `${intent.kind}:${intent.questionId}`;

const journal = createJournal<TRunIntent>('audit-run-intents', 'intent', intentKey);

/** Writes the intent with the idempotency key it is sent with; `settle` removes it unless a later change of the same value replaced it. */
export const journalIntent = (auditId: string, intent: TRunIntent, key?: string) => journal.add(auditId, intent, key);

/** The intents pages now gone left unsettled, oldest first, with their keys; taken out of the journal (saving them journals them again). */
export const takeLeftIntents = (auditId: string): Promise<TJournalled<TRunIntent>[]> => journal.takeLeft(auditId);
