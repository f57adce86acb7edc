import { describe, expect, it, vi } from 'vitest';
import type { TAudit } from '@audit/domain/audits';
import { makeAudit, OPTION } from '../features/audit-run/testing/auditFixture';
import { confirmChange, readCopy, saveServerCopy } from './copies';
import { auditResource } from '../features/audit-run/offline/auditResource';
import { USER, withOfflineQueue } from '../features/audit-run/testing/offlineQueueHarness';

withOfflineQueue();

const answerChange = (audit: TAudit, i: number, id: string) => {
  const q = audit.sections[1]!.questions[i]!;
  const body = { section: audit.sections[1]!._id, question: q._id, templateAnswer: { type: 'select' as const, select: [OPTION.yes] } };
  return {
    command: { call: 'audits.addAnswer', params: { id: audit._id }, body },
    creates: null,
    key: id,
    createdAt: new Date().toISOString(),
    response: { _id: id, ...body, score: 1, failed: false, updatedAt: 'x' },
  };
};
const answerIn = (copy: { data: TAudit } | null, i: number) => copy?.data.sections[1]!.questions[i]!.answer?._id ?? null;

/** The log of accepted changes beside the device's copy (copies.ts, decision 0118): keys and clocks. */
describe('the log of changes the server accepted', () => {
  it('two changes accepted in the same millisecond both reach readCopy (no two entries share a key)', async () => {
    const audit = makeAudit(3);
    const resource = auditResource(audit._id);
    await saveServerCopy(resource, USER, audit, 0);
    // Two responses handled in the same millisecond (a replay sends several at once).
    vi.spyOn(Date, 'now').mockReturnValue(1764683066123);
    confirmChange(resource, USER, answerChange(audit, 0, 'answer-0'));
    confirmChange(resource, USER, answerChange(audit, 1, 'answer-1'));
    vi.mocked(Date.now).mockRestore();
    const copy = await readCopy<TAudit>(resource, USER);
    expect([answerIn(copy, 0), answerIn(copy, 1)]).toEqual(['answer-0', 'answer-1']);
  });

  /**
   * Tab B asks the server, then this tab's change is accepted (with `lagMs` between this tab's
   * monotonic clock and the wall clock), then tab B (its own module graph and `recent`, the same
   * database) stores its answer, which lacks the change: the copy read must still have it.
   */
  async function acceptedBetweenAskAndStore(lagMs: number) {
    const audit = makeAudit(3);
    const resource = auditResource(audit._id);
    await saveServerCopy(resource, USER, audit, 0);
    const loadedAtB = Date.now();
    await new Promise((r) => setTimeout(r, 5));
    const real = performance;
    vi.stubGlobal('performance', { timeOrigin: real.timeOrigin - lagMs, now: () => real.now() });
    confirmChange(resource, USER, answerChange(audit, 0, 'answer-A'));
    vi.stubGlobal('performance', real);
    await readCopy(resource, USER); // the append written
    vi.resetModules();
    await import('../features/audit-run/offline/auditResource');
    const tabB = await import('./copies');
    await tabB.saveServerCopy(resource, USER, audit, loadedAtB);
    return answerIn(await readCopy<TAudit>(resource, USER), 0);
  }

  it('a tab whose monotonic clock lags (the tablet slept) keeps its accepted change when another tab stores a server answer asked for before it', async () => {
    expect(await acceptedBetweenAskAndStore(3_600_000)).toBe('answer-A');
  });

  it('the same without the lag keeps the change', async () => {
    expect(await acceptedBetweenAskAndStore(0)).toBe('answer-A');
  });
});
