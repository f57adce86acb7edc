import { uuid } from './uuid';

/**
 * This page's identity among the open tabs (decision 0066). Each page holds the Web Lock
 * `offline-tab:<id>` for its whole life; the browser releases it when the page goes (closed,
 * reloaded, killed). So "is the page that wrote this still open?" is one `navigator.locks.query()`.
 */
export const TAB_ID = uuid();
const TAB_LOCK = 'offline-tab:';

const locks = () => (typeof navigator !== 'undefined' ? navigator.locks : undefined);

// Held until the page goes: the callback's promise never settles.
void locks()
  ?.request(`${TAB_LOCK}${TAB_ID}`, () => new Promise<never>(() => undefined))
  .catch(() => undefined);

/** The ids of the pages open now (this one included); null without Web Locks (every page then counts as gone). */
export async function openTabs(): Promise<Set<string> | null> {
  const api = locks();
  if (!api) return null;
  const { held = [], pending = [] } = await api.query();
  const ids = [...held, ...pending].map((lock) => lock.name ?? '').filter((name) => name.startsWith(TAB_LOCK));
  return new Set(ids.map((name) => name.slice(TAB_LOCK.length)));
}

/** Runs `work` as the only holder of `name` across the tabs (directly without Web Locks). */
export async function exclusively<T>(name: string, work: () => Promise<T> | T): Promise<T> {
  const api = locks();
  return api ? api.request(name, async () => work()) : work();
}
