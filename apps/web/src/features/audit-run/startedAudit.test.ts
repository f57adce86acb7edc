import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { auditCalls } from '@audit/domain/calls/audits';
import { startedAuditQueryKey } from '../../api/queryKeys';
import { makeAudit } from './testing/auditFixture';

/** Issue 23: the run view opened after a start read the whole audit again, which the start had just answered. */
const send = vi.hoisted(() => vi.fn());
vi.mock('../../api/send', async (importOriginal) => ({ ...(await importOriginal<typeof import('../../api/send')>()), send }));
const { auditRunQueryKey, auditRunQueryOptions } = await import('./auditRunApi');

afterEach(() => send.mockReset());

const audit = makeAudit(30, 'running');
const reads = () => send.mock.calls.filter(([call]) => call === auditCalls.get).length;

describe('the run view after a start', () => {
  it("opens on the start's answer once, then reads the audit from the server", async () => {
    const fromServer = { ...audit, updatedAt: '2025-01-02T00:00:00.000Z' };
    send.mockResolvedValue(fromServer);
    const client = new QueryClient();
    client.setQueryData(startedAuditQueryKey(audit._id), audit);

    expect(await client.fetchQuery(auditRunQueryOptions(audit._id))).toBe(audit);
    expect(reads()).toBe(0);
    expect(client.getQueryState(startedAuditQueryKey(audit._id))).toBeUndefined();

    client.removeQueries({ queryKey: auditRunQueryKey(audit._id) });
    expect(await client.fetchQuery(auditRunQueryOptions(audit._id))).toBe(fromServer);
    expect(reads()).toBe(1);
  });

  it('reads the audit when the answer is older than a moment', async () => {
    send.mockResolvedValue(audit);
    const client = new QueryClient();
    client.setQueryData(startedAuditQueryKey(audit._id), { ...audit, status: 'draft' }, { updatedAt: Date.now() - 60_000 });
    expect((await client.fetchQuery(auditRunQueryOptions(audit._id))).status).toBe('running');
    expect(reads()).toBe(1);
  });
});
