import { addDays, todayInZone } from '@audit/domain/dates';
import { eq, inArray } from 'drizzle-orm';
import { qualificationOf, type TLabIncidentStatus } from '@audit/domain/lab-data';
import type { TDb } from '../../platform/db.js';
import * as repo from './repo.js';
import { recordLab } from './history.js';
import { raiseIncidents, resultRows } from './service.js';
import { labIncidentHistory, labIncidents } from './tables.js';

/**
 * Demo lab reports (the seed) at Hotel Mar Azul Valencia: a year of analyses (legionella and pool every
 * month, food every quarter). Six are out of their limits and raised seven lab incidents, followed to
 * different statuses: the newest legionella count DRAFT, two reports RUNNING (one legionella report
 * fails two parameters), three SOLVED. Written with the module's own queries inside the seed's transaction.
 */
export interface TDemoLabPlaces {
  client: { id: string };
  establishment: { id: string; path: string };
  kitchen: { id: string; path: string };
  pool: { id: string; path: string };
  createdBy: string;
}

export async function seedDemoLabReports(tx: TDb, p: TDemoLabPlaces) {
  const today = todayInZone('Europe/Madrid');
  const at = (space: { id: string; path: string }, area: boolean) => ({
    spaceId: space.id,
    secureSpacePath: space.path,
    clientId: p.client.id,
    establishmentId: p.establishment.id,
    areaId: area ? space.id : null,
  });
  const legionella = (n: number, month: number, count: number, temperature: number) => ({
    place: at(p.establishment, false),
    category: 'legionella',
    number: `LAB-L-${String(n).padStart(4, '0')}`,
    resultCode: 'LEG',
    result: count > 1000 ? 'No conforme' : 'Conforme',
    days: -5 - 30 * month,
    results: [
      { parameter: 'Legionella spp.', value: count, unit: 'UFC/L', maxValue: 1000 },
      { parameter: 'Temperatura de retorno', value: temperature, unit: 'ºC', minValue: 50 },
    ],
  });
  const pool = (n: number, month: number, ph: number, chlorine: number) => ({
    place: at(p.pool, true),
    category: 'pool',
    number: `LAB-P-${String(n).padStart(4, '0')}`,
    resultCode: 'COL',
    result: ph >= 7.2 && ph <= 8 && chlorine >= 0.5 ? 'Conforme' : 'No conforme',
    days: -8 - 30 * month,
    results: [
      { parameter: 'pH', value: ph, unit: null, minValue: 7.2, maxValue: 8 },
      { parameter: 'Cloro libre residual', value: chlorine, unit: 'mg/L', minValue: 0.5, maxValue: 2 },
      { parameter: 'Coliformes totales', value: 0, unit: 'UFC/100 mL', maxValue: 0 },
    ],
  });
  const food = (number: string, month: number, code: 'LIS' | 'SAL', listeria: number) => ({
    place: at(p.kitchen, true),
    category: 'food',
    number,
    resultCode: code,
    result: listeria > 100 ? 'Presencia' : 'Ausencia en 25 g',
    days: -12 - 91 * month,
    results: [
      { parameter: 'Listeria monocytogenes', value: listeria, unit: 'UFC/g', maxValue: 100 },
      { parameter: 'Salmonella spp.', value: 0, unit: 'UFC/25 g', maxValue: 0 },
      { parameter: 'Escherichia coli', value: 10, unit: 'UFC/g', maxValue: 100 },
    ],
  });
  // A year: legionella and pool every month, food every quarter. The failing ones and the status
  // their lab incident has reached (the newest legionella count is still a DRAFT).
  const reports: ((ReturnType<typeof legionella> | ReturnType<typeof pool> | ReturnType<typeof food>) & { incident?: TLabIncidentStatus })[] = [
    legionella(103, 0, 1800, 52),
    { ...legionella(87, 2, 0, 58) },
    ...[1, 3, 5, 6, 7, 8, 10, 11].map((m) => legionella(40 + m, m, m === 1 ? 200 : 0, 55 + (m % 4))),
    { ...legionella(72, 4, 1400, 49), incident: 'RUNNING' },
    { ...legionella(68, 9, 2600, 51), incident: 'SOLVED' },
    pool(211, 1, 7.4, 1.1),
    ...[0, 2, 4, 5, 6, 8, 10, 11].map((m) => pool(220 + m, m, (73 + (m % 5)) / 10, (8 + (m % 3)) / 10)),
    { ...pool(203, 3, 8.4, 1.2), incident: 'RUNNING' },
    { ...pool(197, 7, 7.5, 0.3), incident: 'SOLVED' },
    { ...pool(195, 9, 7.6, 0.9) },
    food('LAB-A-0498', 0, 'SAL', 0),
    food('LAB-A-0412', 1, 'LIS', 0),
    { ...food('LAB-A-0377', 2, 'LIS', 150), incident: 'SOLVED' },
    food('LAB-A-0301', 3, 'SAL', 0),
  ];
  for (const r of reports) {
    const rows = resultRows(r.results);
    const [row] = await repo.insertReports(tx, [
      {
        ...r.place,
        category: r.category,
        number: r.number,
        resultCode: r.resultCode,
        result: r.result,
        extractionDate: addDays(today, r.days),
        ...qualificationOf(rows),
        createdBy: p.createdBy,
      },
    ]);
    await raiseIncidents(tx, { userId: p.createdBy }, row!, await repo.replaceResults(tx, row!, rows));
    // The history as if followed day by day: raised on the extraction day, moved a week later (a solved
    // one opened on the 3rd day), each move by the same person.
    const raised = await tx.select({ id: labIncidents.id }).from(labIncidents).where(eq(labIncidents.reportId, row!.id));
    if (raised.length)
      await tx
        .update(labIncidentHistory)
        .set({ createdAt: new Date(`${addDays(today, r.days)}T12:00:00Z`) })
        .where(
          inArray(
            labIncidentHistory.labIncidentId,
            raised.map((i) => i.id),
          ),
        );
    if (r.incident) {
      const day = (days: number) => new Date(`${addDays(today, r.days + days)}T10:00:00Z`);
      const moved = await tx
        .update(labIncidents)
        .set({ status: r.incident, changedBy: p.createdBy, changedAt: day(7) })
        .where(eq(labIncidents.reportId, row!.id))
        .returning();
      const steps: [TLabIncidentStatus, TLabIncidentStatus, number][] =
        r.incident === 'SOLVED'
          ? [
              ['DRAFT', 'RUNNING', 3],
              ['RUNNING', 'SOLVED', 7],
            ]
          : [['DRAFT', r.incident, 7]];
      for (const [from, to, days] of steps)
        await recordLab(tx, { userId: p.createdBy }, moved, 'statusChanged', () => ({ before: { status: from }, after: { status: to }, at: day(days) }));
    }
  }
}
