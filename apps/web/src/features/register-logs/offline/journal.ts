import type { TAnswerAdd } from '@audit/domain/registers';
import { currentUserId } from '../../../session/sessionOwner';

/**
 * The log's write-ahead journal, as the run view's (decision 0021): a save is written here
 * synchronously, in the click that made it, and removed once its call has settled (sent, queued in
 * IndexedDB, or refused). A tab killed in between leaves it here; the log page saves what is left
 * when it opens again. A leftover the server already had is answered 422 (its take is stored): that
 * is settled too, never stored twice (one row per facility and take).
 */
type TJournal = Record<string, { seq: number; body: TAnswerAdd }>;

const PREFIX = 'register-log-intents';
let seq = 0;

const storageKey = (registerId: string) => {
  const user = currentUserId();
  return user ? `${PREFIX}:${user}:${registerId}` : null;
};

/** One entry per take and facilities: a later save of the same replaces the earlier one. */
export const intentKey = (body: TAnswerAdd) => `${body.date}#${body.take}:${body.facilities.map((f) => f._id).join(',')}`;

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
    // Storage full or unavailable: the save still goes, only without the journal.
  }
}

/** Writes the save; the returned function removes it unless a later save of the same take replaced it. */
export function journalSave(registerId: string, body: TAnswerAdd): () => void {
  const key = storageKey(registerId);
  if (!key) return () => undefined;
  const entry = intentKey(body);
  const mine = ++seq;
  write(key, { ...read(key), [entry]: { seq: mine, body } });
  return () => {
    const journal = read(key);
    if (journal[entry]?.seq !== mine) return;
    delete journal[entry];
    write(key, journal);
  };
}

/** The saves an earlier page left unsettled, oldest first; the journal is emptied (saving them journals them again). */
export function takeLeftSaves(registerId: string): TAnswerAdd[] {
  const key = storageKey(registerId);
  if (!key) return [];
  const left = Object.values(read(key)).sort((a, b) => a.seq - b.seq);
  write(key, {});
  return left.map((entry) => entry.body);
}
