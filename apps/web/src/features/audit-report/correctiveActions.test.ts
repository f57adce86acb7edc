import { describe, expect, it } from 'vitest';
import { actionsByIssue, elapsedDays, issueKey, type TReportAction } from './correctiveActions';

const action = (id: string, incidentId: string, createdAt: string, extra: Partial<TReportAction> = {}): TReportAction => ({
  _id: id,
  incidentId,
  name: `Acción ${id}`,
  status: 'toDo',
  dueDate: null,
  overdue: false,
  createdAt,
  completedAt: null,
  ...extra,
});

describe("an issue's corrective actions", () => {
  it('finds each issue by its question and name, with its actions oldest first; other incidents get none of them', () => {
    const byIssue = actionsByIssue(
      [
        { _id: 'i1', name: 'Suciedad', questionId: 'q1' },
        { _id: 'i2', name: 'Suciedad', questionId: 'q2' },
        { _id: 'i3', name: 'Plagas', questionId: 'q1' },
      ],
      [
        action('b', 'i1', '2026-03-02T10:00:00Z'),
        action('a', 'i1', '2026-03-01T10:00:00Z'),
        action('c', 'i3', '2026-03-05T10:00:00Z'),
        action('x', 'gone', '2026-03-01T10:00:00Z'),
      ],
    );
    expect(byIssue.get(issueKey('q1', 'Suciedad'))).toEqual({
      incidentId: 'i1',
      actions: [expect.objectContaining({ _id: 'a' }), expect.objectContaining({ _id: 'b' })],
    });
    expect(byIssue.get(issueKey('q2', 'Suciedad'))).toEqual({ incidentId: 'i2', actions: [] });
    expect(byIssue.get(issueKey('q1', 'Plagas'))?.actions.map((a) => a._id)).toEqual(['c']);
    expect(byIssue.get(issueKey('q3', 'Suciedad'))).toBeUndefined();
  });

  it('counts whole days: an open action by now, a closed one by the day it was completed, never negative', () => {
    expect(elapsedDays('2026-03-01T10:00:00Z', new Date('2026-03-13T09:59:59Z'))).toBe(11);
    expect(elapsedDays('2026-03-01T10:00:00Z', '2026-03-13T10:00:00Z')).toBe(12);
    expect(elapsedDays('2026-03-01T10:00:00Z', '2026-03-01T09:00:00Z')).toBe(0);
  });
});
