import type { TIvaGroup } from '@audit/domain/constants';
import { contractTotals, toCents } from '@audit/domain/contracts/totals';
import type { TDb } from '../../platform/db.js';
import { servicesService } from '../services/definition.js';
import * as repo from './repo.js';

/**
 * Demo service contracts (the seed): Hotel Mar Azul's contract of this year, ACTIVE, hiring the three
 * demo services at their catalogue prices; Restaurante El Olivo's DRAFT for next year. Written with
 * the module's own queries inside the seed's transaction.
 */
export interface TDemoContractPlaces {
  hotel: { id: string; path: string };
  olivo: { id: string; path: string };
  /** The company (root) whose catalogue holds the services, and the demo services' ids by name. */
  root: { id: string; path: string };
  services: Record<string, string>;
  createdBy: string;
  year: number;
}

export async function seedDemoContracts(tx: TDb, p: TDemoContractPlaces) {
  // Each line at its service's catalogue price and IVA group, read from the catalogue.
  const rows = await servicesService.repo.findMany(tx, { spaceId: p.root.id, spacePath: p.root.path, userId: null }, Object.values(p.services));
  const line = (name: string, quantity: number, position: number) => {
    const s = rows.find((r) => r.id === p.services[name])!;
    return { position, serviceId: s.id, serviceName: name, quantity, unitPriceCents: toCents(Number(s.price)), groupIva: s.groupIva as TIvaGroup };
  };
  const contracts = [
    {
      client: p.hotel,
      reference: `MAR-${p.year}`,
      status: 'ACTIVE',
      startDate: `${p.year}-01-01`,
      endDate: `${p.year}-12-31`,
      lines: [line('Auditoría de higiene', 12, 0), line('Auditoría de piscinas', 6, 1), line('Control de legionela', 4, 2)],
    },
    {
      client: p.olivo,
      reference: `OLI-${p.year + 1}`,
      status: 'DRAFT',
      startDate: `${p.year + 1}-01-01`,
      endDate: `${p.year + 1}-12-31`,
      lines: [line('Auditoría de higiene', 4, 0)],
    },
  ];
  const ids: string[] = [];
  for (const c of contracts) {
    const row = await repo.insertContract(tx, {
      spaceId: c.client.id,
      secureSpacePath: c.client.path,
      reference: c.reference,
      status: c.status,
      startDate: c.startDate,
      endDate: c.endDate,
      totalCents: contractTotals(c.lines).totalCents,
      createdBy: p.createdBy,
    });
    await repo.replaceLines(tx, row, c.lines);
    ids.push(row.id);
  }
  // The ids in the order above: the visit plan's demo generates the active one's plan (decision 0089).
  return { active: ids[0]!, draft: ids[1]! };
}
