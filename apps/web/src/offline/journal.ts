import { currentUserId } from '../session/sessionOwner';

/**
 * A write-ahead journal in localStorage, per user and resource (decision 0021): a change is written
 * here synchronously, in the event that made it, and removed once its call has settled (sent, queued
 * in IndexedDB, or refused). A page closed in between leaves it here; the next page saves what is
 * left. One entry per `keyOf(value)`: a later change of the same thing replaces the earlier one.
 * `field` names where an entry keeps its value, as the journals already on devices store it.
 */
export function createJournal<T>(prefix: string, field: string, keyOf: (value: T) => string) {
  type TJournal = Record<string, { seq: number } & Record<string, unknown>>;
  let seq = 0;
  const storageKey = (resourceId: string) => {
    const user = currentUserId();
    return user ? `${prefix}:${user}:${resourceId}` : null;
  };
  const read = (key: string): TJournal => {
    try {
      const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as TJournal) : {};
    } catch {
      return {};
    }
  };
  const write = (key: string, journal: TJournal) => {
    try {
      if (Object.keys(journal).length) localStorage.setItem(key, JSON.stringify(journal));
      else localStorage.removeItem(key);
    } catch {
      // Storage full or unavailable: the change still goes, only without the journal.
    }
  };
  return {
    /** Writes the value; the returned function removes it unless a later change of the same thing replaced it. */
    add(resourceId: string, value: T): () => void {
      const key = storageKey(resourceId);
      if (!key) return () => undefined;
      const entry = keyOf(value);
      const mine = ++seq;
      write(key, { ...read(key), [entry]: { seq: mine, [field]: value } });
      return () => {
        const journal = read(key);
        if (journal[entry]?.seq !== mine) return;
        delete journal[entry];
        write(key, journal);
      };
    },
    /** The values an earlier page left unsettled, oldest first; the journal is emptied (saving them journals them again). */
    takeLeft(resourceId: string): T[] {
      const key = storageKey(resourceId);
      if (!key) return [];
      const left = Object.values(read(key)).sort((a, b) => a.seq - b.seq);
      write(key, {});
      return left.map((entry) => entry[field] as T);
    },
  };
}
