import { describe, expect, it } from 'vitest';
import { nameAmong } from './goalNames';

const services = [
  { _id: 'a1', name: 'Auditoría de higiene' },
  { _id: 'b2', name: 'Control de legionela' },
];

describe('the names of a goal row', () => {
  it('shows the service name, and "Servicio eliminado" (never the id) for a service deleted since', () => {
    expect(nameAmong('a1', services, 'Servicio eliminado')).toEqual({ name: 'Auditoría de higiene', deleted: false });
    expect(nameAmong('0c9e2f4a-5b1d-4e8f-9a7c-3d2b1e0f6a5c', services, 'Servicio eliminado')).toEqual({ name: 'Servicio eliminado', deleted: true });
  });

  it('says nothing while the list is loading', () => {
    expect(nameAmong('a1', undefined, 'Servicio eliminado')).toEqual({ name: '', deleted: false });
  });
});
