import type { TListen } from './db.js';

/** Migration 0018 makes every statement that changes a listed table NOTIFY this channel with the table's name. */
export const TOTALS_CHANNEL = 'list_totals';
const MAX_ENTRIES = 10_000;
/** Even with a live subscription, a total is counted again after this long. */
const MAX_AGE_MS = 5 * 60_000;

/**
 * The totals of the paged lists (x-total-count), kept between requests (decision 0028): counting
 * a tenant's 100,000 audits on every page cost more than reading the page. A total is kept only
 * while the database can tell us it changed (the same rule as the identity cache): every insert,
 * update or delete on a listed table drops that table's totals at commit, on every server. Without
 * a live subscription nothing is kept, so a total is never stale: it is exact, only not recounted.
 */
export interface TTotals {
  /** The total of `key` (the count query's text, values and scope) over `tables`, counted by `count` when not kept. */
  get(tables: readonly string[], key: string, count: () => Promise<number>): Promise<number>;
  /** Resolves once the subscription is live (tests wait for it). */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}

/** The totals of this process, told of this server's own commits (below). */
const inProcess = new Set<(table: string) => void>();

/**
 * This server committed a change of these listed tables (migration 0069 names them, comma-separated,
 * in the transaction's `app.lists_changed`): their totals are forgotten now, before the write's
 * response, not when the database's notification arrives. It arrives after the commit, on another
 * connection, and a list asked for right after the write (by the user who made it) could otherwise
 * be answered with the total counted before it.
 */
export function listsChangedHere(tables: string | null | undefined) {
  if (!tables) return;
  for (const table of tables.split(',')) if (table) for (const forget of inProcess) forget(table);
}

export function createTotals(listen?: TListen): TTotals {
  const kept = new Map<string, { total: number; at: number; tables: readonly string[] }>();
  let live = false;
  let generation = 0;
  const forget = (table: string) => {
    generation++;
    for (const [key, entry] of kept) if (table === '*' || entry.tables.includes(table)) kept.delete(key);
  };
  inProcess.add(forget);
  const subscription = listen?.(TOTALS_CHANNEL, forget, () => {
    live = false;
    forget('*');
  }).then(
    (stop) => {
      live = true;
      return stop;
    },
    () => undefined,
  );
  return {
    async get(tables, key, count) {
      const hit = live ? kept.get(key) : undefined;
      if (hit && Date.now() - hit.at < MAX_AGE_MS) return hit.total;
      const seen = generation;
      const total = await count();
      // A count that overlapped a change may have missed it: used, not kept.
      if (live && seen === generation) {
        if (kept.size >= MAX_ENTRIES) kept.clear();
        kept.set(key, { total, at: Date.now(), tables });
      }
      return total;
    },
    ready: async () => {
      await subscription;
      return live;
    },
    async close() {
      live = false;
      inProcess.delete(forget);
      kept.clear();
      const stop = await subscription;
      await stop?.();
    },
  };
}
