import { describe, expect, it } from 'vitest';
import { ZIncidentPatch, type TIncidentOut } from '@audit/domain/incidents';
import { editValuesOf, incidentPatch } from './incidentPatch';

const OWNER = '44444444-4444-4444-8444-444444444444';
const incident = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'Fuga en la cámara 2',
  description: 'Gotea',
  priority: 'medium',
  category: 'Instalaciones',
  type: null,
  responsible: { _id: OWNER, name: 'Marta' },
} as unknown as TIncidentOut;

describe('editing an incident: the PATCH /issues/{id} body', () => {
  it('is empty when nothing changed', () => {
    expect(incidentPatch(incident, editValuesOf(incident))).toEqual({});
  });

  it('names only what changed; an emptied text or select is null; the body is what the server accepts', () => {
    const patch = incidentPatch(incident, { ...editValuesOf(incident), priority: 'high', description: '  ', type: ' Mantenimiento ', responsible: null });
    expect(patch).toEqual({ priority: 'high', description: null, type: 'Mantenimiento', responsible: null });
    expect(ZIncidentPatch.safeParse(patch).success).toBe(true);
  });
});
