import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { auditCalls } from '@audit/domain/calls/audits';
import { fileCalls } from '@audit/domain/calls/files';
import { incidentCalls, taskCalls } from '@audit/domain/calls/incidents';
import { registerCalls } from '@audit/domain/calls/registers';
// The kinds the shell loads (their calls send what the queue holds).
import '../features/audit-run/offline/auditResource';
import '../features/incidents/offline/incidentResource';
import '../features/register-logs/offline/registerResource';
import { closeOfflineDb, DB_VERSION, openOfflineDb } from './db';
import { queueStore } from './queueStore';
import { replayQueue } from './replay';
import { sendQueued } from './sendQueued';

/**
 * A device that ran version 3 (requests: method and URL) opens version 4 (commands: the call by name,
 * its parameters and body). The database is built exactly as version 3 built it and filled exactly
 * as version 3's `offlineWrite` wrote each kind of queued change (every `offlineWrite` call site of
 * that release); opened with this code, every record is there, converted, and replays to the same
 * method, URL, body and idempotency key version 3 would have sent.
 */
const USER = 'user-1';
const token = (sub: string) => `h.${Buffer.from(JSON.stringify({ sub })).toString('base64url')}.s`;
const uuid = (n: number) => `0a0a0a0a-0000-4000-8000-${String(n).padStart(12, '0')}`;
const A = uuid(1);
const S = uuid(2);
const Q = uuid(3);
const INCIDENT = uuid(4);
const TASK = uuid(5);
const REGISTER = uuid(6);
const PLACE = uuid(7);
const ISSUE = uuid(8);
const P_ANSWER = `pending-${uuid(11)}`;
const P_EVIDENCE = `pending-${uuid(12)}`;
const P_IMAGE = `pending-${uuid(13)}`;
const P_FILE = `pending-${uuid(14)}`;
const AUDIT = `/ms-core/api/audits/${A}`;
const QUESTION = `${AUDIT}/sections/${S}/questions/${Q}`;

type TV3Method = 'POST' | 'PATCH' | 'DELETE';
let keys = 100;
/** A record as version 3's offlineWrite enqueued it (write.ts of that release). */
function v3Record(
  resource: string,
  method: TV3Method,
  url: string,
  payload: { body?: unknown; multipart?: { fields: Record<string, string>; file: Blob }; creates?: string },
) {
  const key = uuid(++keys);
  return {
    resource,
    ...(resource.startsWith('audit:') ? { auditId: resource.slice('audit:'.length) } : {}),
    user: USER,
    createdAt: '2026-03-01T10:00:00.000Z',
    request: {
      method,
      url,
      data: payload.multipart ?? payload.body ?? null,
      blob: Boolean(payload.multipart),
      headers: { 'Idempotency-Key': key },
    },
    idempotencyKey: key,
    attempts: 0,
    nextAttemptAt: 0,
    lastError: null,
    creates: payload.creates ?? null,
  };
}

const picture = (text: string) => new Blob([text], { type: 'image/jpeg' });
const answerBody = (select: string) => ({ section: S, question: Q, templateAnswer: { type: 'select', select: [select] } });
const audit = `audit:${A}`;
const incident = `incident:${INCIDENT}`;
const register = `register:${REGISTER}`;
const take = { date: '2026-03-01', take: 1, facilities: [{ _id: uuid(9), values: [{ param: uuid(10), value: '4,5' }] }] };

/** What version 3 queued, in order, and the call each becomes (its parameters as named in the URL). */
const V3 = [
  { record: v3Record(audit, 'POST', `${AUDIT}/answer/add`, { body: answerBody('yes'), creates: P_ANSWER }), call: auditCalls.addAnswer, params: { id: A } },
  {
    record: v3Record(audit, 'PATCH', `${AUDIT}/answer/${P_ANSWER}/update`, { body: answerBody('no') }),
    call: auditCalls.updateAnswer,
    params: { id: A, answerId: P_ANSWER },
  },
  { record: v3Record(audit, 'DELETE', `${AUDIT}/answer/${P_ANSWER}/remove`, {}), call: auditCalls.removeAnswer, params: { id: A, answerId: P_ANSWER } },
  {
    record: v3Record(audit, 'POST', `${AUDIT}/cover/update`, { body: { coverFields: [{ _id: uuid(20), value: 'Cocina' }] } }),
    call: auditCalls.updateCover,
    params: { id: A },
  },
  {
    record: v3Record(audit, 'POST', `${AUDIT}/contact-field/update`, { body: { contactFields: [{ _id: uuid(21), value: 'Ana' }] } }),
    call: auditCalls.updateContacts,
    params: { id: A },
  },
  {
    record: v3Record(audit, 'PATCH', `${QUESTION}/issues-tasks`, { body: { issuesToAdd: [ISSUE], issuesToRemove: [], tasksToAdd: [], tasksToRemove: [] } }),
    call: auditCalls.changeIssuesTasks,
    params: { id: A, sectionId: S, questionId: Q },
  },
  {
    record: v3Record(audit, 'PATCH', `${QUESTION}/update-issue-name`, { body: { issue: ISSUE, name: 'Grasa' } }),
    call: auditCalls.updateIssueName,
    params: { id: A, sectionId: S, questionId: Q },
  },
  {
    record: v3Record(audit, 'PATCH', `${QUESTION}/update-issue-description`, { body: { issue: ISSUE, description: null } }),
    call: auditCalls.updateIssueDescription,
    params: { id: A, sectionId: S, questionId: Q },
  },
  {
    record: v3Record(audit, 'PATCH', `${QUESTION}/solved-in-place`, { body: { issue: ISSUE, solvedInPlace: true } }),
    call: auditCalls.setSolvedInPlace,
    params: { id: A, sectionId: S, questionId: Q },
  },
  {
    record: v3Record(audit, 'PATCH', `${QUESTION}/note`, { body: { note: 'Grasa bajo la freidora' } }),
    call: auditCalls.setNote,
    params: { id: A, sectionId: S, questionId: Q },
  },
  {
    record: v3Record(audit, 'PATCH', `${QUESTION}/places-measure/${PLACE}`, { body: { place: 'Cámara 2' } }),
    call: auditCalls.renamePlace,
    params: { id: A, sectionId: S, questionId: Q, placeId: PLACE },
  },
  {
    record: v3Record(audit, 'POST', `${QUESTION}/evidences`, { multipart: { fields: { issue: ISSUE }, file: picture('evidence') }, creates: P_EVIDENCE }),
    call: auditCalls.addEvidence,
    params: { id: A, sectionId: S, questionId: Q },
  },
  {
    record: v3Record(audit, 'DELETE', `${QUESTION}/evidences/${P_EVIDENCE}`, {}),
    call: auditCalls.removeEvidence,
    params: { id: A, sectionId: S, questionId: Q, evidenceId: P_EVIDENCE },
  },
  {
    record: v3Record(audit, 'POST', `${QUESTION}/note-images`, { multipart: { fields: {}, file: picture('note image') }, creates: P_IMAGE }),
    call: auditCalls.addNoteImage,
    params: { id: A, sectionId: S, questionId: Q },
  },
  {
    record: v3Record(audit, 'DELETE', `${QUESTION}/note-images/${P_IMAGE}`, {}),
    call: auditCalls.removeNoteImage,
    params: { id: A, sectionId: S, questionId: Q, imageId: P_IMAGE },
  },
  {
    record: v3Record(incident, 'POST', `/ms-core/api/issues/${INCIDENT}/comments`, { body: { text: 'Proveedor avisado' } }),
    call: incidentCalls.addComment,
    params: { id: INCIDENT },
  },
  { record: v3Record(incident, 'PATCH', `/ms-core/api/tasks/${TASK}`, { body: { status: 'complete' } }), call: taskCalls.update, params: { id: TASK } },
  {
    record: v3Record(incident, 'POST', '/ms-core/api/files/image', { multipart: { fields: {}, file: picture('task photo') }, creates: P_FILE }),
    call: fileCalls.image,
    params: {},
  },
  {
    record: v3Record(incident, 'POST', `/ms-core/api/tasks/${TASK}/images`, { body: { fileId: P_FILE, annotatedFileId: null } }),
    call: taskCalls.addImage,
    params: { id: TASK },
  },
  {
    record: v3Record(register, 'POST', `/ms-registry/api/registers/${REGISTER}/answer/add`, { body: take }),
    call: registerCalls.addAnswer,
    params: { id: REGISTER },
  },
];
/** A request no call matches (a route this release no longer knows): kept as it was, and still sent. */
const UNMATCHED = {
  ...v3Record(audit, 'POST', `${AUDIT}/retired-route/${P_ANSWER}`, { body: { about: P_ANSWER } }),
  attempts: 2,
  nextAttemptAt: 5,
  lastError: { status: 503, name: 'INTERNALERROR', reference: '0' },
};
const FAILURES = [
  {
    resource: audit,
    auditId: A,
    user: USER,
    createdAt: '2026-02-28T09:00:00.000Z',
    method: 'PATCH',
    url: `${QUESTION}/note`,
    subject: { kind: 'note', label: '¿Limpio?', within: 'Cocina', target: Q, targetGroup: S },
    error: { status: 409, name: 'BADREQUESTERROR', reference: 'AUD0002' },
  },
  {
    resource: audit,
    auditId: A,
    user: USER,
    createdAt: '2026-02-28T09:00:00.000Z',
    method: 'POST',
    url: '/somewhere/else',
    subject: null,
    error: { status: 422, name: 'BADREQUESTERROR', reference: '422' },
  },
];
const EARLIER_MAPPING = { pendingId: `pending-${uuid(30)}`, serverId: uuid(31), resource: audit, createdAt: '2026-02-28T09:00:00.000Z' };
const COPY = { resource: audit, user: USER, savedAt: '2026-03-01T09:00:00.000Z', data: { _id: A, status: 'running', sections: [] } };

/** A RunAudit database as version 3 created it (its upgrade from nothing: four stores) and filled it. */
function version3Database() {
  return new Promise<void>((resolve, reject) => {
    const request = indexedDB.open('RunAudit', 3);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('queries', { keyPath: 'id', autoIncrement: true });
      db.createObjectStore('copies', { keyPath: 'resource' });
      db.createObjectStore('failures', { keyPath: 'id', autoIncrement: true });
      db.createObjectStore('ids', { keyPath: 'pendingId' });
    };
    request.onsuccess = () => {
      const db = request.result;
      const tx = db.transaction([...db.objectStoreNames], 'readwrite');
      for (const { record } of V3) tx.objectStore('queries').add(record);
      tx.objectStore('queries').add(UNMATCHED);
      for (const failure of FAILURES) tx.objectStore('failures').add(failure);
      tx.objectStore('ids').put(EARLIER_MAPPING);
      tx.objectStore('copies').put(COPY);
      tx.oncomplete = () => (db.close(), resolve());
      tx.onerror = () => reject(tx.error);
    };
    request.onerror = () => reject(request.error);
  });
}

/** What the server received: method, URL, key, and the JSON body or the multipart fields and file. */
type TReceived = { method: string; url: string; key: string | null; body: unknown; file: string | null };
function fakeServer() {
  const received: TReceived[] = [];
  const named: Record<string, string> = {
    [`POST ${AUDIT}/answer/add`]: uuid(41),
    [`POST ${QUESTION}/evidences`]: uuid(42),
    [`POST ${QUESTION}/note-images`]: uuid(43),
    'POST /ms-core/api/files/image': uuid(44),
  };
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const method = init.method ?? 'GET';
    let body: unknown = null;
    let file: string | null = null;
    if (init.body instanceof FormData) {
      const { file: part, ...fields } = Object.fromEntries(init.body.entries());
      body = fields;
      file = await (part as Blob).text();
    } else if (init.body) body = JSON.parse(String(init.body));
    received.push({ method, url, key: headers['Idempotency-Key'] ?? null, body, file });
    const created = named[`${method} ${url}`];
    return new Response(created ? JSON.stringify({ _id: created }) : null, { status: created ? 200 : 204 });
  });
  return { received, named };
}

/** What version 3 sent for a record: its method and URL, its body or multipart fields and file, pending ids named as the server named them. */
async function sentByVersion3(record: Pick<typeof UNMATCHED, 'request' | 'idempotencyKey'>, ids: Map<string, string>): Promise<TReceived> {
  const named = (text: string) => [...ids].reduce((t, [pending, server]) => t.split(pending).join(server), text);
  const { method, url, data, blob } = record.request;
  if (blob) {
    const { fields, file } = data as { fields: Record<string, string>; file: Blob };
    return { method, url: named(url), key: record.idempotencyKey, body: JSON.parse(named(JSON.stringify(fields))), file: await file.text() };
  }
  return { method, url: named(url), key: record.idempotencyKey, body: data === null ? null : JSON.parse(named(JSON.stringify(data))), file: null };
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('IDBKeyRange', IDBKeyRange);
  vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'accessToken' ? token(USER) : null) });
});
afterEach(() => {
  closeOfflineDb();
  vi.unstubAllGlobals();
});

describe('upgrading RunAudit from version 3 (requests) to version 4 (commands)', () => {
  it('keeps every queued record, each converted to its call, parameters and body; the failures, ids and copies stay', async () => {
    await version3Database();
    const db = await openOfflineDb();
    expect(db.version).toBe(DB_VERSION);
    expect(DB_VERSION).toBe(4);

    const records = await queueStore.list();
    expect(records).toHaveLength(V3.length + 1);
    V3.forEach(({ record, call, params }, i) => {
      const { request, ...kept } = record;
      expect(records[i]).toEqual({
        id: i + 1,
        ...kept,
        command: request.blob ? { call: call.name, params, body: null, multipart: request.data } : { call: call.name, params, body: request.data },
      });
      expect(records[i]).not.toHaveProperty('request');
    });
    // The pictures are still the Blobs the auditor took.
    const evidence = records.find((r) => r.command?.call === auditCalls.addEvidence.name)!;
    expect(await evidence.command!.multipart!.file.text()).toBe('evidence');
    // A request no call matches is kept as it was (and stays last in the queue).
    expect(records.at(-1)).toEqual({ id: V3.length + 1, ...UNMATCHED });

    const failures = await queueStore.failures();
    expect(failures).toEqual([
      { id: 1, ...FAILURES[0], call: auditCalls.setNote.name, params: { id: A, sectionId: S, questionId: Q } },
      { id: 2, ...FAILURES[1] },
    ]);
    expect(await queueStore.idMap()).toEqual(new Map([[EARLIER_MAPPING.pendingId, EARLIER_MAPPING.serverId]]));
    const copy = await new Promise((resolve) => {
      const read = db.transaction('copies').objectStore('copies').get(audit);
      read.onsuccess = () => resolve(read.result);
    });
    expect(copy).toEqual(COPY);
  });

  it('replays every converted record to the same method, URL, body and key version 3 sent, the request kept as it was too', async () => {
    await version3Database();
    const { received, named } = fakeServer();
    const result = await replayQueue({ store: queueStore, send: sendQueued }, USER, { force: true });
    expect(result).toMatchObject({ sent: V3.length + 1, failures: [], retryAt: null });
    expect(await queueStore.list()).toEqual([]);

    // The ids the server gave what was created offline, as version 3's replay would have rewritten them.
    const ids = new Map([
      [P_ANSWER, named[`POST ${AUDIT}/answer/add`]!],
      [P_EVIDENCE, named[`POST ${QUESTION}/evidences`]!],
      [P_IMAGE, named[`POST ${QUESTION}/note-images`]!],
      [P_FILE, named['POST /ms-core/api/files/image']!],
    ]);
    const expected = await Promise.all([...V3.map(({ record }) => record), UNMATCHED].map((record) => sentByVersion3(record, ids)));
    // Records of different questions may travel side by side: compared by their keys.
    const byKey = (list: TReceived[]) => [...list].sort((a, b) => (a.key ?? '').localeCompare(b.key ?? ''));
    expect(byKey(received)).toEqual(byKey(expected));
    expect(received).toHaveLength(V3.length + 1);
  });
});
