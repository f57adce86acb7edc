import { describe, expect, it } from 'vitest';
import type { TAnswer } from '@audit/domain/audits';
import { patchQuestion } from './auditCache';
import { lastUpdated } from './selectors';
import { makeAudit, OPTION } from './testing/auditFixture';

const answered = (updatedAt: string) =>
  ({ _id: `answer-${updatedAt}`, templateAnswer: { type: 'select', select: [OPTION.yes] }, score: 1, failed: false, updatedAt }) as unknown as TAnswer;

describe('lastUpdated', () => {
  it("is the audit's own change, or a newer answer's, also after the section that holds it was answered again", () => {
    const audit = { ...makeAudit(60), updatedAt: '2026-11-01T10:00:00.000Z' };
    expect(lastUpdated(audit)).toBe('2026-11-01T10:00:00.000Z');
    const [first, second] = [audit.sections[1]!.questions[0]!, audit.sections[2]!.questions[3]!];
    const once = patchQuestion(audit, first._id, (q) => ({ ...q, answer: answered('2026-11-02T09:00:00.000Z') }));
    expect(lastUpdated(once)).toBe('2026-11-02T09:00:00.000Z');
    // Memoised per section: the other section's newer answer counts, the first's is still seen.
    const twice = patchQuestion(once, second._id, (q) => ({ ...q, answer: answered('2026-11-03T08:00:00.000Z') }));
    expect(lastUpdated(twice)).toBe('2026-11-03T08:00:00.000Z');
    const older = patchQuestion(twice, second._id, (q) => ({ ...q, answer: answered('2026-10-01T08:00:00.000Z') }));
    expect(lastUpdated(older)).toBe('2026-11-02T09:00:00.000Z');
    expect(lastUpdated({ ...older, updatedAt: '2026-11-04T00:00:00.000Z' })).toBe('2026-11-04T00:00:00.000Z');
  });
});
