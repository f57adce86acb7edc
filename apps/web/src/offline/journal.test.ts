import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The journal across tabs (journal.ts, decision 0066), with a fake Web Locks API: which pages are open is what it says. */
const token = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.s`;
const USER = 'user-1';
const AUDIT = 'audit-1';
const BASE = `audit-run-intents:${USER}:${AUDIT}`;

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    get length() {
      return items.size;
    },
    key: (index: number) => [...items.keys()][index] ?? null,
  };
}

let local: ReturnType<typeof memoryStorage>;
let held: string[];
beforeEach(() => {
  vi.resetModules();
  local = memoryStorage();
  local.setItem('accessToken', token(USER));
  held = [];
  vi.stubGlobal('localStorage', local);
  vi.stubGlobal('navigator', {
    onLine: true,
    locks: {
      // The page's own lock is held for its life; any other lock runs its work at once.
      request: (name: string, work: () => unknown) => {
        if (name.startsWith('offline-tab:')) {
          held.push(name);
          return new Promise(() => undefined);
        }
        return Promise.resolve(work());
      },
      query: () => Promise.resolve({ held: held.map((name) => ({ name })), pending: [] }),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const answer = (questionId: string, option: string) => ({ kind: 'answer' as const, questionId, templateAnswer: { type: 'select' as const, select: [option] } });
const otherPageItem = (page: string, entry: string, value: unknown, key: string, at: number) =>
  local.setItem(`${BASE}:tab:${page}:${entry}`, JSON.stringify({ seq: 1, at, key, intent: value }));

describe('the journal across tabs', () => {
  it('takes nothing of a page still open, and what a page now gone left, oldest first, with the keys it was sent with', async () => {
    const { takeLeftIntents } = await import('../features/audit-run/offline/intents');
    otherPageItem('page-b', 'answer:q2', answer('q2', 'no'), 'key-b', 2000);
    otherPageItem('page-c', 'answer:q1', answer('q1', 'yes'), 'key-c', 1000);
    held.push('offline-tab:page-b', 'offline-tab:page-c');

    expect(await takeLeftIntents(AUDIT)).toEqual([]);
    expect([...local.items.keys()].filter((k) => k.startsWith(BASE))).toHaveLength(2);

    held = held.filter((name) => !name.endsWith('page-b') && !name.endsWith('page-c'));
    expect(await takeLeftIntents(AUDIT)).toEqual([
      { value: answer('q1', 'yes'), key: 'key-c' },
      { value: answer('q2', 'no'), key: 'key-b' },
    ]);
    expect([...local.items.keys()].filter((k) => k.startsWith(BASE))).toEqual([]);
  });

  it('a page writes and removes only its own items: another page settling never brings back, nor removes, this one’s', async () => {
    const { journalIntent, takeLeftIntents } = await import('../features/audit-run/offline/intents');
    const mine = journalIntent(AUDIT, answer('q1', 'yes'));
    otherPageItem('page-b', 'answer:q1', answer('q1', 'no'), 'key-b', Date.now());
    // The other page settles its change: its item goes, mine stays; mine settles: nothing is left.
    local.removeItem(`${BASE}:tab:page-b:answer:q1`);
    expect([...local.items.keys()].filter((k) => k.startsWith(BASE))).toHaveLength(1);
    // This page is open: a page opening now takes nothing of it.
    expect(await takeLeftIntents(AUDIT)).toEqual([]);
    mine.settle();
    expect([...local.items.keys()].filter((k) => k.startsWith(BASE))).toEqual([]);
  });

  it('drops a leftover whose key was already settled, and takes over the single item of the previous version', async () => {
    const { takeLeftIntents } = await import('../features/audit-run/offline/intents');
    const { markSettled } = await import('./settledKeys');
    markSettled('key-sent', 'applied');
    otherPageItem('page-gone', 'answer:q1', answer('q1', 'yes'), 'key-sent', 1000);
    otherPageItem('page-gone', 'answer:q2', answer('q2', 'yes'), 'key-left', 2000);
    // The previous version: one item per user and resource, entries without keys.
    local.setItem(BASE, JSON.stringify({ 'note:q3': { seq: 4, intent: { kind: 'note', questionId: 'q3', note: 'Desagüe' } } }));

    expect(await takeLeftIntents(AUDIT)).toEqual([
      { value: { kind: 'note', questionId: 'q3', note: 'Desagüe' }, key: null },
      { value: answer('q2', 'yes'), key: 'key-left' },
    ]);
    expect([...local.items.keys()].filter((k) => k.startsWith(BASE))).toEqual([]);
  });
});
