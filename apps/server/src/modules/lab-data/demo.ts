import { addDays, todayInZone } from '@audit/domain/dates';
import { qualificationOf } from '@audit/domain/lab-data';
import type { TDb } from '../../platform/db.js';
import * as repo from './repo.js';
import { raiseIncidents, resultRows } from './service.js';

/**
 * Demo lab reports (the seed) at Hotel Mar Azul Valencia: food, pool and legionella analyses of the
 * last months, all within their limits but one legionella count, which raised its lab incident
 * (DRAFT). Written with the module's own queries inside the seed's transaction.
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
  const reports = [
    {
      place: at(p.kitchen, true),
      category: 'food',
      number: 'LAB-A-0412',
      resultCode: 'LIS',
      result: 'Ausencia en 25 g',
      days: -40,
      results: [{ parameter: 'Listeria monocytogenes', value: 0, unit: 'UFC/g', maxValue: 100 }],
    },
    {
      place: at(p.kitchen, true),
      category: 'food',
      number: 'LAB-A-0498',
      resultCode: 'SAL',
      result: 'Ausencia en 25 g',
      days: -12,
      results: [
        { parameter: 'Salmonella spp.', value: 0, unit: 'UFC/25 g', maxValue: 0 },
        { parameter: 'Escherichia coli', value: 10, unit: 'UFC/g', maxValue: 100 },
      ],
    },
    {
      place: at(p.pool, true),
      category: 'pool',
      number: 'LAB-P-0211',
      resultCode: 'COL',
      result: 'Conforme',
      days: -30,
      results: [
        { parameter: 'pH', value: 7.4, unit: null, minValue: 7.2, maxValue: 8 },
        { parameter: 'Cloro libre residual', value: 1.1, unit: 'mg/L', minValue: 0.5, maxValue: 2 },
        { parameter: 'Coliformes totales', value: 0, unit: 'UFC/100 mL', maxValue: 0 },
      ],
    },
    {
      place: at(p.establishment, false),
      category: 'legionella',
      number: 'LAB-L-0087',
      resultCode: 'LEG',
      result: 'Conforme',
      days: -60,
      results: [
        { parameter: 'Legionella spp.', value: 0, unit: 'UFC/L', maxValue: 1000 },
        { parameter: 'Temperatura de retorno', value: 58, unit: 'ºC', minValue: 50 },
      ],
    },
    {
      place: at(p.establishment, false),
      category: 'legionella',
      number: 'LAB-L-0103',
      resultCode: 'LEG',
      result: 'No conforme',
      days: -5,
      results: [
        { parameter: 'Legionella spp.', value: 1800, unit: 'UFC/L', maxValue: 1000 },
        { parameter: 'Temperatura de retorno', value: 52, unit: 'ºC', minValue: 50 },
      ],
    },
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
  }
}
