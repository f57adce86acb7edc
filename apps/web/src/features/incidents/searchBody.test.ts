import { describe, expect, it } from 'vitest';
import { RISK_LEVELS } from '@audit/domain/constants';
import { INCIDENT_STATUSES } from '@audit/domain/incidents';
import { incidentsListHref, readIncidentsLink } from '../../manifest/listLinks';
import { incidentKindOf, searchBody } from './searchBody';

const CLIENT = '11111111-1111-4111-8111-111111111111';
const ESTABLISHMENT = '22222222-2222-4222-8222-222222222222';
const AREA = '33333333-3333-4333-8333-333333333333';
const TEMPLATE = '44444444-4444-4444-8444-444444444444';

describe('the incidents list’s filters as the search body', () => {
  it('sends every filter issue 16 names: client, establishment, area, template beside status, risk, responsible and months', () => {
    const body = searchBody({
      kind: 'audits',
      search: '',
      filters: {
        status: ['resolved'],
        riskLevel: ['high'],
        client: CLIENT,
        establishment: ESTABLISHMENT,
        area: AREA,
        template: TEMPLATE,
        months: ['2026-01', '2026-03'],
      },
    });
    expect(body.filters).toEqual([
      { field: 'kind', operator: 'eq', value: 'audits' },
      { field: 'status', operator: '$in', value: ['resolved'] },
      { field: 'riskLevel', operator: '$in', value: ['high'] },
      { field: 'client', operator: 'eq', value: CLIENT },
      { field: 'establishment', operator: 'eq', value: ESTABLISHMENT },
      { field: 'area', operator: 'eq', value: AREA },
      { field: 'template', operator: 'eq', value: TEMPLATE },
      { field: 'auditDate', operator: 'between', value: ['2026-01', '2026-03'] },
    ]);
    expect(body.search).toBeUndefined();
  });

  it('sends a statistics link’s audit days as the audit-date range, and chosen months instead of them', () => {
    const link = readIncidentsLink(
      new URLSearchParams(`risk=high&risk=IE&risk=bogus&establishment=${ESTABLISHMENT}&client=nope&from=2026-03-01&to=2026-03-31`),
      RISK_LEVELS,
      INCIDENT_STATUSES,
    );
    expect(link).toEqual({ riskLevel: ['high', 'IE'], establishment: ESTABLISHMENT, days: ['2026-03-01', '2026-03-31'] });
    expect(searchBody({ kind: 'audits', search: '', filters: link }).filters).toEqual([
      { field: 'kind', operator: 'eq', value: 'audits' },
      { field: 'riskLevel', operator: '$in', value: ['high', 'IE'] },
      { field: 'establishment', operator: 'eq', value: ESTABLISHMENT },
      { field: 'auditDate', operator: 'between', value: ['2026-03-01', '2026-03-31'] },
    ]);
    expect(searchBody({ kind: 'audits', search: '', filters: { ...link, months: ['2026-01', '2026-01'] } }).filters.at(-1)).toEqual({
      field: 'auditDate',
      operator: 'between',
      value: ['2026-01', '2026-01'],
    });
    // A link to itself: what incidentsListHref writes, readIncidentsLink reads back.
    const href = incidentsListHref({ riskLevel: ['low'], status: ['resolved', 'solvedInPlace'], days: ['2026-02-01', '2026-02-28'] });
    expect(href.startsWith('/incidents/list/audits?')).toBe(true);
    expect(readIncidentsLink(new URLSearchParams(href.split('?')[1]), RISK_LEVELS, INCIDENT_STATUSES)).toEqual({
      riskLevel: ['low'],
      status: ['resolved', 'solvedInPlace'],
      days: ['2026-02-01', '2026-02-28'],
    });
  });

  it('sends only the kind when nothing is chosen', () => {
    expect(searchBody({ kind: 'others', search: 'nevera', filters: {} })).toEqual({
      search: 'nevera',
      sort: undefined,
      filters: [{ field: 'kind', operator: 'eq', value: 'others' }],
    });
  });
});

describe('the kind of an incidents list path', () => {
  it('is one of the lists, or none for an unknown sub-route (which showed the raw key "incidents.titles.lab")', () => {
    expect(incidentKindOf('audits')).toBe('audits');
    expect(incidentKindOf('measurements')).toBe('measurements');
    expect(incidentKindOf('lab')).toBeUndefined();
    expect(incidentKindOf(undefined)).toBeUndefined();
  });
});
