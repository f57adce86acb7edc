import { currentUserId } from '../session/sessionOwner';
import { settledAs } from './settledKeys';
import { exclusively, openTabs, TAB_ID } from './tabs';
import { uuid } from './uuid';

/**
 * A write-ahead journal in localStorage, per user and resource (decisions 0021, 0066): a change is
 * written here synchronously, in the event that made it, and removed once its call has settled
 * (sent, queued in IndexedDB, or refused). A page closed in between leaves it here; the next page
 * saves what is left.
 *
 * One localStorage item per page and entry (`<prefix>:<user>:<resource>:tab:<page>:<entry>`): only
 * the page that wrote an item changes or removes it, so no read-modify-write is shared between tabs
 * and no tab can bring back an entry another removed. A page takes over only the items of pages that
 * are gone (tabs.ts: their Web Lock is released), under a lock so two opening pages never both take
 * them. Each entry keeps the idempotency key its change is sent with: a leftover whose key is already
 * settled (settledKeys.ts) is dropped, and one saved again goes with the same key (the server answers
 * it without applying it twice). One entry per `keyOf(value)` and page: a later change replaces it.
 * `field` names where an entry keeps its value, as the journals already on devices store it; the
 * single item per resource of earlier versions (`<prefix>:<user>:<resource>`) is still taken over.
 */
export interface TJournalled<T> {
  value: T;
  /** The idempotency key to send it with; null for an entry of an earlier version. */
  key: string | null;
}

type TEntry = { seq: number; at?: number; key?: string } & Record<string, unknown>;

export function createJournal<T>(prefix: string, field: string, keyOf: (value: T) => string) {
  let seq = 0;
  const baseKey = (resourceId: string) => {
    const user = currentUserId();
    return user ? `${prefix}:${user}:${resourceId}` : null;
  };
  const parse = (raw: string | null): unknown => {
    try {
      return JSON.parse(raw ?? 'null');
    } catch {
      return null;
    }
  };
  const isEntry = (value: unknown): value is TEntry => Boolean(value) && typeof value === 'object' && typeof (value as TEntry).seq === 'number';
  const itemNames = () => {
    const names: string[] = [];
    for (let i = 0; i < localStorage.length; i++) {
      const name = localStorage.key(i);
      if (name) names.push(name);
    }
    return names;
  };

  return {
    /**
     * Writes the value with its idempotency key (a new one unless given: a leftover saved again keeps
     * its own). `settle` removes it unless a later change of the same thing on this page replaced it.
     */
    add(resourceId: string, value: T, key: string = uuid()): { key: string; settle: () => void } {
      const base = baseKey(resourceId);
      if (!base) return { key, settle: () => undefined };
      const item = `${base}:tab:${TAB_ID}:${keyOf(value)}`;
      const mine = ++seq;
      try {
        localStorage.setItem(item, JSON.stringify({ seq: mine, at: Date.now(), key, [field]: value }));
      } catch {
        // Storage full or unavailable: the change still goes, only without the journal.
      }
      const settle = () => {
        const entry = parse(localStorage.getItem(item));
        if (isEntry(entry) && entry.seq === mine) localStorage.removeItem(item);
      };
      return { key, settle };
    },

    /**
     * What pages now gone left unsettled, oldest first, taken out of the journal (saving them
     * journals them again). Entries of pages still open are theirs to settle; entries whose key is
     * already settled are dropped.
     */
    async takeLeft(resourceId: string): Promise<TJournalled<T>[]> {
      const base = baseKey(resourceId);
      if (!base) return [];
      return exclusively(`${prefix}:take-over`, async () => {
        const open = await openTabs();
        const left: (TEntry & { order: number })[] = [];
        let order = 0;
        for (const name of itemNames()) {
          let taken: TEntry[];
          if (name === base) {
            // An earlier version's one item per resource: every entry in it.
            const journal = parse(localStorage.getItem(name));
            taken = journal && typeof journal === 'object' ? Object.values(journal as Record<string, unknown>).filter(isEntry) : [];
          } else if (name.startsWith(`${base}:tab:`)) {
            const page = name.slice(base.length + ':tab:'.length).split(':')[0]!;
            if (open?.has(page)) continue;
            const entry = parse(localStorage.getItem(name));
            taken = isEntry(entry) ? [entry] : [];
          } else continue;
          localStorage.removeItem(name);
          taken.forEach((entry) => left.push({ ...entry, order: order++ }));
        }
        return (
          left
            .filter((entry) => !(typeof entry.key === 'string' && settledAs(entry.key)))
            .sort((a, b) => (a.at ?? 0) - (b.at ?? 0) || a.seq - b.seq || a.order - b.order)
            // The entry was written by this journal with a value of its type T (localStorage keeps no types).
            .map((entry) => ({ value: entry[field] as T, key: typeof entry.key === 'string' ? entry.key : null }))
        );
      });
    },
  };
}
