import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { registerCalls } from '@audit/domain/calls/registers';
import type { TAnswerAdd, TFacilityDataOut, TLogEntryOut, TRegisterOut } from '@audit/domain/registers';
import { applyChange } from '../../../offline/commands';
import { foldAccepted, readCopy } from '../../../offline/copies';
import { closeOfflineDb } from '../../../offline/db';
import { loadResource } from '../../../offline/loadResource';
import { queueStore } from '../../../offline/queueStore';
import { queuedFor, refreshQueueState } from '../../../offline/queueState';
import type { TChange } from '../../../offline/resources';
import { syncNow } from '../../../offline/syncController';
import { saveTake } from '../logsApi';
import { journalSave, takeLeftSaves } from './journal';
import { describeLogChange, isQueuedEntry, logCommands, type TRegisterLog } from './logChanges';
import { registerLogResource } from './registerResource';

/**
 * A register's log offline (decision 0021's layer, kind `register`): a take saved offline is kept,
 * shown on the device's copy, replayed once with its Idempotency-Key, and a refusal is kept to be
 * shown; the journal keeps a save a killed tab had not queued yet. IndexedDB is fake-indexeddb.
 */
const USER = 'user-1';
const REG = 'reg-1';
const BASE = `/ms-registry/api/registers/${REG}`;
const TEMP = 'param-temp';
const F = ['fac-1', 'fac-2', 'fac-3'];
const TODAY = '2026-03-10';
const token = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.s`;
const network = { onLine: true };

// The whole register as the server answers it (the web parses the answer with its contract).
const register: TRegisterOut = {
  _id: REG,
  name: 'Cámaras',
  description: null,
  areaAccess: 'KITCHEN',
  classification: 'measurement',
  template: { _id: 't', name: 'Cámaras' },
  client: { _id: 'c', name: 'Hotel' },
  category: null,
  establishments: 'all',
  areas: 'all',
  establishmentsTotal: 1,
  areasTotal: 0,
  typologies: [],
  period: 'monthly',
  frequency: 'daily',
  takesPerDay: 1,
  manualCompletion: false,
  dailyDisabled: false,
  hasData: false,
  status: 'pending',
  createdAt: '2026-03-01T00:00:00.000Z',
  can: { update: false, delete: false, write: true, correct: false, openClose: false },
};
const param = {
  _id: TEMP,
  type: 'param',
  name: 'Temperatura',
  fieldType: 'number',
  selectOption: null,
  unit: 'celsius',
  operation: 'between',
  min: 0,
  max: 5,
  required: false,
  position: 0,
} as const;
const grid: TFacilityDataOut = {
  period: ['2026-03-01', '2026-03-31'],
  closed: false,
  closedDays: [],
  takes: [{ slot: TODAY, end: TODAY, take: 1 }],
  facilities: F.map((id, i) => ({ _id: id, name: `Cámara ${i + 1}`, establishment: 'e' })),
  entries: [],
  flags: { late: [], repeatTakes: 5, repeated: null },
  sections: [{ _id: 's', template: 't', title: 'Cámaras', position: 0, fields: [], params: [param] }],
};
const log: TRegisterLog = { register, grid };

const body = (facility: string, value: string, over: Partial<TAnswerAdd> = {}): TAnswerAdd => ({
  date: TODAY,
  take: 1,
  force: false,
  fields: [],
  facilities: [{ _id: facility, values: [{ param: TEMP, value }], completed: false, reason: null }],
  ...over,
});
const stored = (facility: string, value: number, id = `e-${facility}`): TLogEntryOut => ({
  _id: id,
  facility,
  date: TODAY,
  slot: TODAY,
  take: 1,
  values: [{ param: TEMP, value, outOfRange: value > 5 }],
  fields: [],
  completed: false,
  reason: null,
  outOfRange: value > 5,
  late: false,
  enteredBy: { _id: USER, name: 'Carmen' },
  enteredAt: '2026-03-10T08:00:00.000Z',
});

/** A change by the log's one apply per call (another call leaves the log as it is). */
const applyLogChange = (l: TRegisterLog, c: TChange) => applyChange(logCommands, l, c);
let n = 0;
const change = (call: { name: string }, data: unknown, response?: unknown): TChange => ({
  command: { call: call.name, params: { id: REG }, body: data },
  response,
  creates: null,
  key: `0a0a0a0a-0000-4000-8000-00000000000${++n}`,
  createdAt: '2026-03-10T08:00:00.000Z',
});
const twice = (l: TRegisterLog, c: TChange) => {
  const once = applyLogChange(l, c);
  expect(applyLogChange(once, c)).toEqual(once);
  return once;
};

describe('a save applied to the log on the device', () => {
  it('queued: shown as typed (comma read, out of limits marked), marked not sent; accepted: the server entries replace it', () => {
    const add = change(registerCalls.addAnswer, body(F[0]!, '7,5'));
    const queued = twice(log, add);
    expect(queued.grid.entries).toEqual([
      expect.objectContaining({ facility: F[0], slot: TODAY, take: 1, values: [{ param: TEMP, value: 7.5, outOfRange: true }], outOfRange: true }),
    ]);
    expect(isQueuedEntry(queued.grid.entries[0]!)).toBe(true);
    const accepted = twice(queued, { ...add, response: [stored(F[0]!, 7.5)] });
    expect(accepted.grid.entries).toEqual([stored(F[0]!, 7.5)]);
    expect(log.grid.entries).toEqual([]);
  });

  it('a queued save does not hide what the server has for that take, unless it overwrites (force)', () => {
    const withStored = { ...log, grid: { ...log.grid, entries: [stored(F[1]!, 3)] } };
    expect(twice(withStored, change(registerCalls.addAnswer, body(F[1]!, '4'))).grid.entries).toEqual([stored(F[1]!, 3)]);
    const forced = twice(withStored, change(registerCalls.addAnswer, body(F[1]!, '4', { force: true })));
    expect(forced.grid.entries.map((e) => e.values[0]!.value)).toEqual([4]);
    // Another period's take, or another call, leaves the log as it is.
    expect(applyLogChange(log, change(registerCalls.addAnswer, { ...body(F[0]!, '1'), date: '2026-02-27' }))).toBe(log);
    expect(applyLogChange(log, change(registerCalls.openClose, { period: 'day' }))).toBe(log);
  });

  it('names the facilities and the take of a refused save', () => {
    const { command } = change(registerCalls.addAnswer, { ...body(F[0]!, '1'), facilities: [F[0], F[2]].map((_id) => ({ _id, values: [] })) });
    expect(describeLogChange(command, log)).toMatchObject({ kind: 'take', label: 'Cámara 1, Cámara 3', within: `${TODAY} #1` });
  });
});

// ---- through IndexedDB and a fake server

type TCall = { method: string; url: string; key: string | null; body: unknown };
function fakeServer(reply: (call: TCall) => { status?: number; body?: unknown }) {
  const calls: TCall[] = [];
  const state = { down: false };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const headers = init.headers as Record<string, string>;
    const call = { method: init.method ?? 'GET', url, key: headers['Idempotency-Key'] ?? null, body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const { status = 200, body: answer = null } = reply(call);
    return new Response(JSON.stringify(answer), { status });
  });
  return { calls, state };
}

/** The server's log: register, grid, and answer/add storing each take once (a second save without force is 422). */
function logServer() {
  const entries: TLogEntryOut[] = [];
  const keys = new Map<string, unknown>();
  return {
    entries,
    ...fakeServer((call) => {
      if (call.url === BASE) return { body: register };
      if (call.url === `${BASE}/facility-data`) return { body: { ...grid, entries: [...entries] } };
      if (call.url === `${BASE}/answer/add`) {
        if (call.key && keys.has(call.key)) return { body: keys.get(call.key) };
        const b = call.body as TAnswerAdd;
        if (b.facilities.some((f) => entries.some((e) => e.facility === f._id))) {
          return { status: 409, body: { name: 'BADREQUESTERROR', reference: 422, message: 'Similar data was found.' } };
        }
        const saved = b.facilities.map((f) => stored(f._id, Number(String(f.values[0]!.value).replace(',', '.'))));
        entries.push(...saved);
        if (call.key) keys.set(call.key, saved);
        return { body: saved };
      }
      return { status: 404, body: { name: 'NOTFOUNDERROR', reference: 404, message: '' } };
    }),
  };
}

const storage = new Map<string, string>();
beforeEach(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  vi.stubGlobal('navigator', network);
  storage.clear();
  storage.set('accessToken', token(USER));
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
    get length() {
      return storage.size;
    },
    key: (index: number) => [...storage.keys()][index] ?? null,
  });
  network.onLine = true;
  await refreshQueueState(false);
});
afterEach(async () => {
  await foldAccepted();
  closeOfflineDb();
  vi.unstubAllGlobals();
});

const RESOURCE = registerLogResource(REG);
const open = () => loadResource<TRegisterLog>(RESOURCE);
/** The replay the app runs (network back, page opened): refused saves are described by the kind. */
const replay = () => syncNow(true);

describe('a log filled offline', () => {
  it('is kept on the device, shown with the saves waiting, replayed once, and nothing is lost or doubled', async () => {
    const server = logServer();
    await open();
    await expect.poll(() => readCopy(RESOURCE, USER)).not.toBeNull();

    // Online, one fridge: sent at once with an Idempotency-Key.
    expect(await saveTake(REG, body(F[0]!, '3,5'))).toMatchObject({ status: 'saved' });
    await foldAccepted();
    // Offline: two more, queued without a call.
    network.onLine = false;
    server.state.down = true;
    const before = server.calls.length;
    expect(await saveTake(REG, body(F[1]!, '4'))).toEqual({ status: 'queued' });
    expect(await saveTake(REG, body(F[2]!, '9,0'))).toEqual({ status: 'queued' });
    expect(server.calls).toHaveLength(before);
    expect(queuedFor(RESOURCE).count).toBe(2);

    // A tab opened offline shows the three: the accepted one as the server has it, the queued ones marked.
    const shown = await open();
    expect(shown.grid.entries.map((e) => [e.facility, e.values[0]!.value, e.outOfRange, isQueuedEntry(e)])).toEqual([
      [F[0], 3.5, false, false],
      [F[1], 4, false, true],
      [F[2], 9, true, true],
    ]);

    // Back online: replayed in order with their own keys; a second replay (or a lost answer) stores nothing twice.
    network.onLine = true;
    server.state.down = false;
    await replay();
    const adds = server.calls.filter((c) => c.url.endsWith('/answer/add'));
    expect(adds).toHaveLength(3);
    expect(new Set(adds.map((c) => c.key)).size).toBe(3);
    expect(adds.every((c) => c.key)).toBe(true);
    await replay();
    expect(server.calls.filter((c) => c.url.endsWith('/answer/add'))).toHaveLength(3);
    expect(server.entries.map((e) => e.facility)).toEqual(F);
    expect(await queueStore.list()).toEqual([]);
    expect((await open()).grid.entries.every((e) => !isQueuedEntry(e))).toBe(true);
    expect([...storage.keys()].filter((k) => k.startsWith(`register-log-intents:${USER}:${REG}`))).toEqual([]);
  });

  it('a save the server refuses on replay (the take was stored meanwhile) is kept as a failure naming the facility', async () => {
    const server = logServer();
    await open();
    network.onLine = false;
    server.state.down = true;
    expect(await saveTake(REG, body(F[0]!, '2'))).toEqual({ status: 'queued' });
    // Someone else saves that take first.
    server.entries.push(stored(F[0]!, 3, 'theirs'));
    network.onLine = true;
    server.state.down = false;
    await replay();
    const [failure] = await queueStore.failures();
    expect(failure).toMatchObject({ resource: RESOURCE, subject: { kind: 'take', label: 'Cámara 1' }, error: { reference: '422' } });
    expect(server.entries.map((e) => e._id)).toEqual(['theirs']);
  });
});

describe('the journal', () => {
  it('keeps a save until it settles; what a killed tab left is taken once, with its idempotency key', async () => {
    const first = journalSave(REG, body(F[0]!, '3'));
    const second = journalSave(REG, body(F[1]!, '4'));
    first.settle();
    const left = await takeLeftSaves(REG);
    expect(left.map((b) => [b.value.facilities[0]!._id, b.key])).toEqual([[F[1], second.key]]);
    expect(await takeLeftSaves(REG)).toEqual([]);
  });
});
