import type { TDb } from '../platform/db.js';
import { employees } from '../modules/employees/tables.js';
import { cityId, countryId, stateId } from '../modules/geography/data.js';
import { employeeProfiles, employeeTypes } from '../modules/nomenclatures/tables.js';
import type { TSeedSpace } from './build.js';

/**
 * Demo employees of a company (decision 0084): its auditor as an employee with their user account,
 * and people without one (one inactive, one with a NIE), with the employee-profile and employee-type
 * nomenclatures they use. DNIs and NIEs carry their right check letter.
 */
export interface TDemoEmployees {
  root: TSeedSpace;
  /** The company's auditors: each becomes an employee linked to their account. */
  auditors: { id: string; firstName: string; lastName: string }[];
  clients: TSeedSpace[];
  areas: TSeedSpace[];
  /** Spanish ids for the demo company; the other tenant's use Y/Z NIEs so none repeat. */
  ids: string[];
}

export async function seedDemoEmployees(tx: TDb, d: TDemoEmployees) {
  const at = { spaceId: d.root.id, secureSpacePath: d.root.path };
  const [auditorProfile, technician] = await tx
    .insert(employeeProfiles)
    .values([
      { ...at, name: 'Auditor de campo', description: 'Visita y audita los establecimientos' },
      { ...at, name: 'Técnico de laboratorio', description: 'Toma y analiza muestras' },
    ])
    .returning({ id: employeeProfiles.id });
  const [fullTime, partTime] = await tx
    .insert(employeeTypes)
    .values([
      { ...at, name: 'Jornada completa', description: 'Contrato a tiempo completo' },
      { ...at, name: 'Media jornada', description: 'Contrato a tiempo parcial' },
    ])
    .returning({ id: employeeTypes.id });
  const valencia = { country: countryId('ES'), province: stateId('ES', '46'), municipality: cityId('ES', '46250') };
  const clientAccess = d.clients.map((c) => c.id);
  const areaAccess = d.areas.map((a) => a.id);
  const [first, second, third, ...more] = d.ids;
  await tx.insert(employees).values([
    ...d.auditors.map((a, i) => ({
      ...at,
      ...valencia,
      firstName: a.firstName,
      lastName: a.lastName,
      dni: i === 0 ? first! : more[i - 1]!,
      birthday: '1985-06-14',
      userId: a.id,
      address: 'Avenida del Puerto 12',
      workerProfile: auditorProfile!.id,
      occupation: fullTime!.id,
      description: 'Auditor de higiene alimentaria',
      clientAccess,
      areaAccess,
    })),
    {
      ...at,
      ...valencia,
      firstName: 'Marta',
      lastName: 'Laboratorio',
      dni: second!,
      birthday: '1992-11-03',
      address: 'Calle Colón 4',
      workerProfile: technician!.id,
      occupation: partTime!.id,
      clientAccess,
    },
    { ...at, firstName: 'Ion', lastName: 'Popescu', dni: third!, birthday: '1979-02-21', occupation: fullTime!.id, status: 'INACTIVE' },
  ]);
}
