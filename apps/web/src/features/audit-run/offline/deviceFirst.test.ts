import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { TAudit } from '@audit/domain/audits';
import { auditRunQueryKey, auditRunQueryOptions } from '../auditRunApi';
import { FIXTURE_AUDITOR, makeAudit } from '../testing/auditFixture';
import { keepServerCopiesNow, readCopy, saveServerCopy } from '../../../offline/copies';
import { loadResource, shownFromDevice, subscribeFromDevice, takeLaterAnswer, type TLaterAnswer } from '../../../offline/loadResource';
import { trackWrite } from '../../../offline/writesInFlight';
import { serverAfterCopy } from '../useServerAfterCopy';
import { auditResource } from './auditResource';
import { token, withOfflineQueue } from '../testing/offlineQueueHarness';

/** IndexedDB (fake-indexeddb), the HTTP client and a server whose answers the test releases: see offlineQueueHarness. */
withOfflineQueue();

/** fetch answering the audit when the test says (`answer`), or failing as with no network (`fail`). */
function slowServer() {
  const waiting: { resolve: (r: Response) => void; reject: (e: unknown) => void }[] = [];
  vi.stubGlobal('fetch', () => new Promise<Response>((resolve, reject) => waiting.push({ resolve, reject })));
  const next = () => {
    const call = waiting.shift();
    if (!call) throw new Error('no request is waiting');
    return call;
  };
  return {
    requests: () => waiting.length,
    answer: (body: unknown, status = 200) => next().resolve(new Response(JSON.stringify(body), { status })),
    fail: () => next().reject(new TypeError('Failed to fetch')),
  };
}

const asAuditor = () => vi.stubGlobal('localStorage', { getItem: (key: string) => (key === 'accessToken' ? token(FIXTURE_AUDITOR) : null) });
/** The auditor signed in, an audit whose copy this device kept, and a server that answers when told. */
async function keptCopy() {
  asAuditor();
  const audit = makeAudit(30);
  const resource = auditResource(audit._id);
  await saveServerCopy(resource, FIXTURE_AUDITOR, audit, Date.now());
  return { audit, resource, server: slowServer() };
}
const deviceFirst = (audit: TAudit) => loadResource<TAudit>(auditResource(audit._id), undefined, { deviceFirst: true });

describe("the run view's first load shows the device's copy without waiting for the server (decision 0109)", () => {
  it("answers the kept copy before the server; the server's answer follows, is kept as the copy, and the page is online", async () => {
    const { audit, resource, server } = await keptCopy();

    const shown = await deviceFirst(audit);
    expect(shown).toEqual(audit);
    expect(server.requests()).toBe(1); // asked at once, not answered yet
    expect(shownFromDevice(resource)).toBe(false); // a copy shown first is not "offline"

    const changed = { ...audit, percentage: 77 };
    server.answer(changed);
    const later = await takeLaterAnswer<TAudit>(resource)!;
    expect(later).toEqual({ kind: 'answer', data: changed, writesAtShow: 0 });
    expect(takeLaterAnswer(resource)).toBeUndefined(); // taken once
    await keepServerCopiesNow();
    expect((await readCopy<TAudit>(resource, FIXTURE_AUDITOR))!.data.percentage).toBe(77);
  });

  it('without a copy, waits for the server as before', async () => {
    asAuditor();
    const audit = makeAudit(30);
    const server = slowServer();
    const loading = deviceFirst(audit);
    await vi.waitFor(() => expect(server.requests()).toBe(1));
    server.answer(audit);
    expect(await loading).toEqual(audit);
    expect(takeLaterAnswer(auditResource(audit._id))).toBeUndefined();
  });

  it('the server unreachable after the copy is shown: the copy stands and the page is told it shows from the device', async () => {
    const { audit, resource, server } = await keptCopy();
    const told = vi.fn();
    const stop = subscribeFromDevice(told);
    expect(await deviceFirst(audit)).toEqual(audit);
    server.fail();
    expect(await takeLaterAnswer<TAudit>(resource)).toEqual({ kind: 'unreachable' });
    expect(shownFromDevice(resource)).toBe(true);
    expect(told).toHaveBeenCalledTimes(1);
    stop();
  });

  it("the audit's query shows the copy on its first load only; a reload asks the server", async () => {
    asAuditor();
    const audit = makeAudit(30);
    await saveServerCopy(auditResource(audit._id), FIXTURE_AUDITOR, audit, Date.now());
    const server = slowServer();
    const client = new QueryClient();
    const options = { ...auditRunQueryOptions(audit._id), gcTime: Infinity };
    expect(await client.fetchQuery(options)).toEqual(audit);
    server.answer(audit);
    const refetch = client.fetchQuery({ ...options, staleTime: 0 });
    await vi.waitFor(() => expect(server.requests()).toBe(1));
    const fresh = { ...audit, percentage: 5 };
    server.answer(fresh);
    expect(await refetch).toEqual(fresh);
  });
});

describe("the page and the server's answer after the copy", () => {
  function page(audit: TAudit) {
    const client = new QueryClient();
    client.setQueryData(auditRunQueryKey(audit._id), audit);
    const actions = { reload: vi.fn(async () => undefined), restart: vi.fn() };
    const shown = () => client.getQueryData<TAudit>(auditRunQueryKey(audit._id))!;
    return { client, actions, shown };
  }
  const answered = (data: TAudit, writesAtShow = 0): TLaterAnswer<TAudit> => ({ kind: 'answer', data, writesAtShow });

  it('the same audit: nothing changes, the actions are not started again', async () => {
    const audit = makeAudit(30);
    const { client, actions, shown } = page(audit);
    await serverAfterCopy(client, audit._id, answered(structuredClone(audit)), actions);
    expect(shown()).toBe(audit);
    expect(actions.restart).not.toHaveBeenCalled();
    expect(actions.reload).not.toHaveBeenCalled();
  });

  it('changed elsewhere, no write since: the server audit replaces the copy, unchanged questions keep their objects', async () => {
    const audit = makeAudit(30);
    const { client, actions, shown } = page(audit);
    const server = structuredClone(audit);
    server.sections[1]!.questions[0]!.note = 'Written on another device';
    await serverAfterCopy(client, audit._id, answered(server), actions);
    expect(shown().sections[1]!.questions[0]!.note).toBe('Written on another device');
    // Unchanged cards read the same objects: they do not render again.
    expect(shown().sections[1]!.questions[1]).toBe(audit.sections[1]!.questions[1]);
    expect(shown().sections[2]).toBe(audit.sections[2]);
    expect(actions.restart).toHaveBeenCalledTimes(1);
    expect(actions.reload).not.toHaveBeenCalled();
  });

  it('a write started after the copy was shown: the copy stays until the write is answered, then the audit is loaded again', async () => {
    const audit = makeAudit(30);
    const { client, actions, shown } = page(audit);
    let answer!: () => void;
    const write = trackWrite(auditResource(audit._id), () => new Promise<void>((resolve) => (answer = resolve)));
    const server = structuredClone(audit);
    server.percentage = 12;
    const after = serverAfterCopy(client, audit._id, answered(server, 0), actions);
    await new Promise((r) => setTimeout(r, 10));
    expect(actions.reload).not.toHaveBeenCalled();
    expect(shown()).toBe(audit); // the server's answer lacks the write: not shown
    answer();
    await write;
    await after;
    expect(actions.reload).toHaveBeenCalledTimes(1);
    expect(actions.restart).not.toHaveBeenCalled();
  });

  it('refused (the audit gone or no longer theirs): loaded again, so the page shows the error', async () => {
    const audit = makeAudit(30);
    const { client, actions } = page(audit);
    await serverAfterCopy(client, audit._id, { kind: 'refused', error: new Error('403') }, actions);
    expect(actions.reload).toHaveBeenCalledTimes(1);
  });
});
