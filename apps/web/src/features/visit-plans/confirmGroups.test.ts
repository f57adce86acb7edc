import { describe, expect, it } from 'vitest';
import type { TPlannedVisit } from '@audit/domain/visit-plans/schemas';
import { groupsOf } from './confirmGroups';

const visit = (id: string, establishment: string, service: string): TPlannedVisit => ({
  _id: id,
  contract: { _id: 'c1', reference: 'C-1' },
  client: { _id: 'k1' },
  establishment: { _id: establishment, name: `E ${establishment}` },
  service: { _id: service, name: `S ${service}` },
  year: 2026,
  seq: 1,
  plannedDate: '2026-02-15',
  date: '2026-02-15',
  moved: false,
  status: 'PROPOSED',
  auditor: null,
  audit: null,
  window: { openMonth: null, closeMonth: null, visitDays: [], notVisitDays: [] },
});

describe('groupsOf', () => {
  it('groups the chosen visits by establishment and service, in the order first met, each visit once', () => {
    const groups = groupsOf([visit('1', 'a', 'hyg'), visit('2', 'a', 'leg'), visit('3', 'b', 'hyg'), visit('4', 'a', 'hyg')]);
    expect(groups.map((g) => [g.establishment, g.service, g.visits.map((v) => v._id)])).toEqual([
      ['E a', 'S hyg', ['1', '4']],
      ['E a', 'S leg', ['2']],
      ['E b', 'S hyg', ['3']],
    ]);
  });

  it('gives nothing for no visits', () => {
    expect(groupsOf([])).toEqual([]);
  });
});
