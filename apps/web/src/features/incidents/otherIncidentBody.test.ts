import { describe, expect, it } from 'vitest';
import { ZOtherIncidentInput } from '@audit/domain/incidents';
import { otherIncidentBody } from './otherIncidentBody';

const ESTABLISHMENT = '22222222-2222-4222-8222-222222222222';
const AREA = '33333333-3333-4333-8333-333333333333';
const OWNER = '44444444-4444-4444-8444-444444444444';

describe('the "report an incident" form as the POST /issues body', () => {
  it('sends every field issue 16 names for "others" (reportedBy, detectedBy, type, category, priority, facility, openDate) and the area as the place', () => {
    const body = otherIncidentBody({
      name: '  Fuga en la cámara 2 ',
      description: 'Gotea el evaporador',
      establishment: ESTABLISHMENT,
      area: AREA,
      facility: 'Cámara 2',
      type: 'Mantenimiento',
      category: 'Instalaciones',
      priority: 'high',
      riskLevel: 'medium',
      reportedBy: 'Marta Ruiz',
      detectedBy: 'Jefe de cocina',
      openDate: '2026-11-20',
      responsible: OWNER,
      draft: true,
    });
    expect(body).toEqual({
      name: 'Fuga en la cámara 2',
      description: 'Gotea el evaporador',
      space: AREA,
      facility: 'Cámara 2',
      type: 'Mantenimiento',
      category: 'Instalaciones',
      priority: 'high',
      riskLevel: 'medium',
      reportedBy: 'Marta Ruiz',
      detectedBy: 'Jefe de cocina',
      openDate: '2026-11-20',
      responsible: OWNER,
      draft: true,
    });
    expect(ZOtherIncidentInput.safeParse(body).success).toBe(true);
  });

  it('without an area the establishment is the place; empty texts are left out; opened at once by default', () => {
    const body = otherIncidentBody({ name: 'Plaga', establishment: ESTABLISHMENT, description: '  ', reportedBy: '' });
    expect(body).toEqual({ name: 'Plaga', space: ESTABLISHMENT, draft: false });
    expect(ZOtherIncidentInput.safeParse(body).success).toBe(true);
  });
});
