import type { TAnswerAdd } from '@audit/domain/registers';
import { createJournal, type TJournalled } from '../../../offline/journal';

/**
 * The log's write-ahead journal (offline/journal.ts, decision 0021): a save is written here
 * synchronously, in the click that made it, and removed once its call has settled (sent, queued in
 * IndexedDB, or refused). A tab killed in between leaves it here; the log page saves what is left
 * when it opens again. A leftover the server already had is answered 422 (its take is stored): that
 * is settled too, never stored twice (one row per facility and take).
 */
/** One entry per take and facilities: a later save of the same replaces the earlier one. */
export const intentKey = (body: TAnswerAdd) => `${body.date}#${body.take}:${body.facilities.map((f) => f._id).join(',')}`;

const journal = createJournal<TAnswerAdd>('register-log-intents', 'body', intentKey);

/** Writes the save with the idempotency key it is sent with; `settle` removes it unless a later save of the same take replaced it. */
export const journalSave = (registerId: string, body: TAnswerAdd, key?: string) => journal.add(registerId, body, key);

/** The saves pages now gone left unsettled, oldest first, with their keys; taken out of the journal (saving them journals them again). */
export const takeLeftSaves = (registerId: string): Promise<TJournalled<TAnswerAdd>[]> => journal.takeLeft(registerId);
