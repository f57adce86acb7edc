import { describe, expect, it } from 'vitest';
import { auditsHref, incidentsHref } from './drill';

const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const RANGE = { from: '2026-03-01', to: '2026-03-31' };

describe('where a statistics figure leads', () => {
  it('opens the incidents list with the screen’s filter and the figure’s own risk or status', () => {
    expect(incidentsHref({ ...RANGE, establishments: [A] }, { riskLevel: ['high', 'IE', 'P1'] })).toBe(
      `/incidents/list/audits?risk=high&risk=IE&risk=P1&establishment=${A}&from=2026-03-01&to=2026-03-31`,
    );
    expect(incidentsHref({}, { status: ['resolved', 'solvedInPlace'] })).toBe('/incidents/list/audits?status=resolved&status=solvedInPlace');
    // The screen's risks narrow the figure's.
    expect(incidentsHref({ riskLevels: ['medium', 'low'] }, { riskLevel: ['low'] })).toBe('/incidents/list/audits?risk=low');
    expect(incidentsHref({ riskLevels: ['medium'] }, { riskLevel: ['low'] })).toBeUndefined();
  });

  it('links nowhere when the list cannot show the same rows (two establishments, services, categories)', () => {
    expect(incidentsHref({ establishments: [A, B] })).toBeUndefined();
    expect(incidentsHref({ services: [A] })).toBeUndefined();
    expect(incidentsHref({ categories: [A] })).toBeUndefined();
    // A benchmark row is one of the chosen establishments: its own list exists.
    expect(incidentsHref({ establishments: [A, B] }, { establishment: B })).toBe(`/incidents/list/audits?establishment=${B}`);
    expect(incidentsHref({ establishments: [A] }, { establishment: B })).toBeUndefined();
  });

  it('opens an establishment’s finished audits', () => {
    expect(auditsHref('client', RANGE, A)).toBe(`/client-audits/audits?establishment=${A}&status=finished&from=2026-03-01&to=2026-03-31`);
    expect(auditsHref('auditor', { clients: [B] }, A)).toBe(`/auditor/audits?client=${B}&establishment=${A}&status=finished`);
    expect(auditsHref('client', { templates: [A] }, A)).toBeUndefined();
  });
});
