import type { TIdMapping } from './records';

/**
 * The idempotency keys of the changes this device has settled (decision 0066), so that a change is
 * never sent twice as a new write, whether it comes back from the journal (a page closed before it
 * could forget it) or from the queue (a replayed record whose deletion failed, e.g. on a full device):
 *  - `queued`: the change is in the offline queue, which sends it (a journal leftover with this key is done);
 *  - `applied`: the server answered it (a queue record with this key is deleted without being sent;
 *    `mapping` is what its create named, remembered again with the deletion).
 * One localStorage item per key (written by the one tab that settled it, never read-modified-written
 * by another), mirrored in memory: a full localStorage keeps them for this page's life only. The server
 * keeps its keys as long (KEEP_MS): past that a key means nothing to either side.
 */
export type TSettled = { state: 'queued' | 'applied'; at: number; mapping?: TIdMapping | null };

const PREFIX = 'offline-settled:';
const KEEP_MS = 7 * 86_400_000;
const memory = new Map<string, TSettled>();

const storage = () => (typeof localStorage === 'undefined' ? null : localStorage);

export function markSettled(key: string, state: TSettled['state'], mapping?: TIdMapping | null) {
  const entry: TSettled = { state, at: Date.now(), ...(mapping ? { mapping } : {}) };
  memory.set(key, entry);
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify(entry));
  } catch {
    // Full or unavailable: remembered in memory only (a replay after a restart resends it with its key: idempotent).
  }
}

export function settledAs(key: string): TSettled | null {
  const known = memory.get(key);
  if (known) return known;
  try {
    const raw = storage()?.getItem(PREFIX + key);
    const parsed = raw ? (JSON.parse(raw) as TSettled) : null;
    return parsed && (parsed.state === 'queued' || parsed.state === 'applied') ? parsed : null;
  } catch {
    return null;
  }
}

/** Forgets keys older than the server keeps them (called at start). */
export function pruneSettled(now = Date.now()) {
  for (const [key, entry] of memory) if (now - entry.at > KEEP_MS) memory.delete(key);
  const store = storage();
  if (!store || typeof store.key !== 'function') return;
  const old: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const name = store.key(i);
    if (!name?.startsWith(PREFIX)) continue;
    try {
      const entry = JSON.parse(store.getItem(name) ?? 'null') as TSettled | null;
      if (!entry || now - entry.at > KEEP_MS) old.push(name);
    } catch {
      old.push(name);
    }
  }
  old.forEach((name) => store.removeItem(name));
}
