import type { TFrequency, TRegisterOut } from '@audit/domain/registers';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { iso } from '../../platform/http.js';
import { categoriesService } from '../categories/definition.js';
import { spaceNames } from './facilities.js';
import { registerPolicy } from './policy.js';
import * as repo from './repo.js';
import { registerFacts } from './status-sql.js';
import type { TRegisterRow } from './tables.js';

/** The names of what the registers point at (template, category, typologies, spaces), as the caller sees them. */
async function refNames(tx: TDb, caller: TAuth, rows: TRegisterRow[]) {
  const templates = rows.length ? await repo.templateNames(tx, caller, [...new Set(rows.map((r) => r.templateId))]) : [];
  const categoryIds = [...new Set(rows.map((r) => r.categoryId).filter((c): c is string => Boolean(c)))];
  const cats = await categoriesService.repo.findMany(tx, caller, categoryIds);
  const typologyIds = [...new Set(rows.flatMap((r) => r.typologyIds))];
  const types = typologyIds.length ? await repo.typologyNames(tx, caller, typologyIds) : [];
  const spaces = await spaceNames(
    tx,
    caller,
    rows.flatMap((r) => [r.clientId, ...r.establishmentIds, ...r.areaIds]),
  );
  const named = (map: Map<string, string>, id: string) => ({ _id: id, name: map.get(id) ?? '' });
  return {
    template: (id: string) => named(new Map(templates.map((t) => [t.id, t.name])), id),
    category: (id: string | null) => (id && cats.some((c) => c.id === id) ? { _id: id, name: cats.find((c) => c.id === id)!.name } : null),
    typology: (id: string) => named(new Map(types.map((t) => [t.id, t.name])), id),
    space: (id: string) => ({ _id: id, name: spaces.get(id)?.name ?? '' }),
  };
}

/** Registers as answered, each with its status and totals, for the caller. */
export async function presentRegisters(tx: TDb, caller: TAuth, rows: TRegisterRow[]): Promise<TRegisterOut[]> {
  const refs = await refNames(tx, caller, rows);
  const withData = rows.length
    ? await repo.withLogs(
        tx,
        rows.map((r) => r.id),
      )
    : new Set<string>();
  const facts = await registerFacts(tx, caller, rows);
  const out: TRegisterOut[] = [];
  for (const row of rows) {
    const { facilities, establishments, status } = facts.get(row.id)!;
    out.push({
      _id: row.id,
      name: row.name,
      description: row.description,
      areaAccess: row.areaAccess as TRegisterOut['areaAccess'],
      classification: row.classification as TRegisterOut['classification'],
      template: refs.template(row.templateId),
      client: refs.space(row.clientId),
      category: refs.category(row.categoryId),
      establishments: row.allEstablishments ? 'all' : row.establishmentIds.map(refs.space),
      areas: row.allAreas ? 'all' : row.areaIds.map(refs.space),
      establishmentsTotal: establishments,
      areasTotal: facilities.length,
      typologies: row.typologyIds.map(refs.typology),
      period: row.period as TFrequency,
      frequency: row.frequency as TFrequency,
      takesPerDay: row.takesPerDay,
      manualCompletion: row.manualCompletion,
      dailyDisabled: row.dailyDisabled,
      hasData: withData.has(row.id),
      status,
      createdAt: iso(row.createdAt)!,
      can: registerPolicy.canAll(caller, row),
    });
  }
  return out;
}
