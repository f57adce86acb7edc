import { and, eq } from 'drizzle-orm';
import { addDays, startOfDayInZone, todayInZone } from '@audit/domain/dates';
import { isWithinLimits } from '@audit/domain/registers';
import type { TOperation } from '@audit/domain/templates';
import type { TDb } from '../platform/db.js';
import { categories } from '../modules/categories/tables.js';
import {
  registerItems,
  registerLogs,
  registerMissedTakes,
  registers,
  registerSections,
  registerTemplates,
  type TLogValue,
} from '../modules/registers/tables.js';
import { createSpace, type TSeedSpace } from './build.js';

/**
 * The demo kitchen's registers (decision 0037), so a new user sees a living kitchen: fridges and a
 * freezer every day, the outdoor pool's chlorine and pH twice a day, the hot-water circuit's
 * legionella check every month, with four months of readings. A few are out of range, a few were
 * typed a day or two late, one fridge shows the same 3,0 °C eight days running (the "pencil
 * whipping" the auditor is shown), and today is half done, so the lists have something pending.
 * Deterministic: the values come from a fixed-seed generator over the days before today, and the
 * logs go in as one batch per register.
 */
const ZONE = 'Europe/Madrid';
export const DEMO_REGISTER_DAYS = 120;

/** mulberry32: a tiny deterministic generator (same seed, same kitchen). */
function generator(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const round1 = (n: number) => Math.round(n * 10) / 10;

interface TParamSpec {
  name: string;
  unit: string;
  operation: TOperation;
  min?: number;
  max?: number;
  /** A normal reading, and one out of range. */
  normal: (rnd: () => number) => number;
  bad: (rnd: () => number) => number;
}

interface TRegisterSpec {
  name: string;
  description: string;
  template: { name: string; title: string; section: string };
  areaAccess: 'KITCHEN' | 'POOL' | 'LEGIONELLA';
  category: string;
  period: 'monthly' | 'yearly';
  frequency: 'daily' | 'monthly';
  takesPerDay: number;
  facilities: TSeedSpace[];
  params: TParamSpec[];
  notes?: boolean;
}

export interface TDemoRegisterInput {
  root: TSeedSpace;
  hotel: TSeedSpace;
  establishment: TSeedSpace;
  /** Who typed the readings (the kitchen's worker) and who corrected some (the auditor). */
  staffId: string;
  auditorId: string;
  now?: Date;
}

async function registerCategory(tx: TDb, root: TSeedSpace, name: string, description: string) {
  const [found] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.spaceId, root.id), eq(categories.name, name), eq(categories.type, 'REGISTER')));
  if (found) return found.id;
  const [row] = await tx
    .insert(categories)
    .values({ spaceId: root.id, secureSpacePath: root.path, name, description, type: 'REGISTER', color: '#13c2c2' })
    .returning({ id: categories.id });
  return row!.id;
}

/** The template of a register: one section, a number param per reading, an optional notes param. */
async function template(tx: TDb, root: TSeedSpace, categoryId: string, spec: TRegisterSpec, position: number) {
  const at = { spaceId: root.id, secureSpacePath: root.path };
  const [tpl] = await tx
    .insert(registerTemplates)
    .values({ ...at, name: spec.template.name, title: spec.template.title, categoryId, reportType: 'Model_1', language: 'es', position })
    .returning({ id: registerTemplates.id });
  const [section] = await tx
    .insert(registerSections)
    .values({ ...at, templateId: tpl!.id, title: spec.template.section, position: 0 })
    .returning({ id: registerSections.id });
  const items = [
    ...spec.params.map((p, i) => ({
      ...at,
      templateId: tpl!.id,
      sectionId: section!.id,
      kind: 'param',
      name: p.name,
      fieldType: 'number',
      unit: p.unit,
      operation: p.operation,
      min: p.min ?? null,
      max: p.max ?? null,
      required: true,
      position: i,
    })),
    ...(spec.notes
      ? [
          {
            ...at,
            templateId: tpl!.id,
            sectionId: section!.id,
            kind: 'param',
            name: 'Observaciones',
            fieldType: 'text',
            required: false,
            position: spec.params.length,
          },
        ]
      : []),
  ];
  const rows = await tx.insert(registerItems).values(items).returning({ id: registerItems.id, name: registerItems.name });
  return { id: tpl!.id, params: rows.filter((r) => r.name !== 'Observaciones').map((r) => r.id), notes: rows.find((r) => r.name === 'Observaciones')?.id };
}

/** The slots (first days) of a register's takes from `first` to `today`: every day, or every first of the month. */
function slots(spec: TRegisterSpec, first: string, today: string) {
  const out: string[] = [];
  for (let day = first; day <= today; day = addDays(day, 1)) if (spec.frequency === 'daily' || day.endsWith('-01')) out.push(day);
  return out;
}

export async function seedDemoRegisters(tx: TDb, d: TDemoRegisterInput) {
  const now = d.now ?? new Date();
  const today = todayInZone(ZONE, now);
  const first = addDays(today, -DEMO_REGISTER_DAYS);
  const area = (name: string) => createSpace(tx, { name, parent: d.establishment, type: 'AREA' });
  const fridges = [await area('Cámara de carnes'), await area('Cámara de pescados'), await area('Cámara de verduras')];
  const freezer = await area('Congelador de producto');
  const hotWater = await area('Circuito de agua caliente (ACS)');
  const pool = await createSpace(tx, { name: 'Vaso de piscina exterior', parent: d.establishment, type: 'AREA' });
  const kitchen = await registerCategory(tx, d.root, 'Cocina', 'Registros de cocina');
  const legionella = await registerCategory(tx, d.root, 'Legionela', 'Registros de instalaciones de riesgo');
  const pools = await registerCategory(tx, d.root, 'Aguas de piscina', 'Registros de piscinas');
  const temperature = (min: number, max: number, typical: number, bad: number): TParamSpec => ({
    name: 'Temperatura',
    unit: 'celsius',
    operation: 'between',
    min,
    max,
    normal: (rnd) => round1(typical + (rnd() - 0.5) * 2),
    bad: (rnd) => round1(bad + rnd()),
  });
  const specs: (TRegisterSpec & { categoryId: string; repeatedFacility?: string })[] = [
    {
      name: 'Temperaturas de cámaras frigoríficas',
      description: 'Lectura diaria del termómetro de cada cámara antes del servicio de desayunos.',
      template: { name: 'Temperaturas de cámaras', title: 'Control de temperaturas de cámaras frigoríficas', section: 'Cámaras' },
      areaAccess: 'KITCHEN',
      category: 'Cocina',
      categoryId: kitchen,
      period: 'monthly',
      frequency: 'daily',
      takesPerDay: 1,
      facilities: fridges,
      params: [temperature(0, 5, 3, 6.5)],
      notes: true,
      repeatedFacility: fridges[1]!.id,
    },
    {
      name: 'Temperaturas de congeladores',
      description: 'Lectura diaria del congelador de producto.',
      template: { name: 'Temperaturas de congeladores', title: 'Control de temperaturas de congeladores', section: 'Congeladores' },
      areaAccess: 'KITCHEN',
      category: 'Cocina',
      categoryId: kitchen,
      period: 'monthly',
      frequency: 'daily',
      takesPerDay: 1,
      facilities: [freezer],
      params: [temperature(-25, -18, -20, -15)],
    },
    {
      name: 'Cloro y pH de la piscina exterior',
      description: 'Dos lecturas al día: apertura (toma 1) y media tarde (toma 2).',
      template: { name: 'Cloro y pH', title: 'Control del agua del vaso de piscina', section: 'Agua del vaso' },
      areaAccess: 'POOL',
      category: 'Aguas de piscina',
      categoryId: pools,
      period: 'monthly',
      frequency: 'daily',
      takesPerDay: 2,
      facilities: [pool],
      params: [
        {
          name: 'Cloro libre',
          unit: 'chlorine',
          operation: 'between',
          min: 0.5,
          max: 2,
          normal: (rnd) => round1(0.8 + rnd() * 0.9),
          bad: (rnd) => round1(2.3 + rnd()),
        },
        { name: 'pH', unit: 'ph', operation: 'between', min: 7.2, max: 8, normal: (rnd) => round1(7.3 + rnd() * 0.5), bad: (rnd) => round1(8.2 + rnd() * 0.3) },
      ],
    },
    {
      name: 'Control mensual de legionela (ACS)',
      description: 'Temperatura del acumulador y del retorno del circuito de agua caliente sanitaria.',
      template: { name: 'Legionela ACS', title: 'Control de legionela en agua caliente sanitaria', section: 'Circuito de ACS' },
      areaAccess: 'LEGIONELLA',
      category: 'Legionela',
      categoryId: legionella,
      period: 'yearly',
      frequency: 'monthly',
      takesPerDay: 1,
      facilities: [hotWater],
      params: [
        {
          name: 'Temperatura del acumulador',
          unit: 'celsius',
          operation: 'greaterThan',
          min: 60,
          normal: (rnd) => round1(61 + rnd() * 3),
          bad: (rnd) => round1(56 + rnd()),
        },
        {
          name: 'Temperatura de retorno',
          unit: 'celsius',
          operation: 'greaterThan',
          min: 50,
          normal: (rnd) => round1(52 + rnd() * 4),
          bad: (rnd) => round1(46 + rnd()),
        },
      ],
    },
  ];
  const rnd = generator(20260315);
  const created = startOfDayInZone(first, ZONE);
  const out: { id: string; name: string }[] = [];
  for (const [index, spec] of specs.entries()) {
    const tpl = await template(tx, d.root, spec.categoryId, spec, index);
    const [row] = await tx
      .insert(registers)
      .values({
        spaceId: d.hotel.id,
        secureSpacePath: d.hotel.path,
        name: spec.name,
        description: spec.description,
        areaAccess: spec.areaAccess,
        classification: 'measurement',
        templateId: tpl.id,
        clientId: d.hotel.id,
        establishmentIds: [d.establishment.id],
        areaIds: spec.facilities.map((f) => f.id),
        categoryId: spec.categoryId,
        period: spec.period,
        frequency: spec.frequency,
        takesPerDay: spec.takesPerDay,
        createdBy: d.auditorId,
        createdAt: created,
        updatedAt: created,
      })
      .returning({ id: registers.id });
    out.push({ id: row!.id, name: spec.name });
    const logs: (typeof registerLogs.$inferInsert)[] = [];
    const missed: (typeof registerMissedTakes.$inferInsert)[] = [];
    const days = slots(spec, first, today);
    days.forEach((slot, dayIndex) => {
      const isToday = slot === today;
      for (const [fi, facility] of spec.facilities.entries()) {
        for (let take = 1; take <= spec.takesPerDay; take++) {
          // Today is half done: the first facility's morning only. A few past takes were simply missed.
          if (isToday && (fi > 0 || take > 1)) continue;
          if (!isToday && rnd() < 0.03) {
            // Recorded missed, as the missed-takes job does once a daily take's window has closed.
            if (spec.frequency === 'daily')
              missed.push({ spaceId: d.hotel.id, secureSpacePath: d.hotel.path, registerId: row!.id, facilityId: facility.id, slot, take, windowEnd: slot });
            continue;
          }
          const bad = !isToday && rnd() < 0.04;
          const repeated = facility.id === spec.repeatedFacility && dayIndex >= days.length - 28 && dayIndex < days.length - 20;
          const values: TLogValue[] = spec.params.map((p, pi) => {
            const value = repeated ? 3 : bad && pi === 0 ? p.bad(rnd) : p.normal(rnd);
            return { param: tpl.params[pi]!, value, outOfRange: !isWithinLimits({ operation: p.operation, min: p.min, max: p.max }, value) };
          });
          if (tpl.notes && values.some((v) => v.outOfRange))
            values.push({ param: tpl.notes, value: 'Puerta abierta durante la descarga; se revisa el cierre.', outOfRange: false });
          // Typed when taken (morning or afternoon), or, now and then, a day or two later.
          const late = !isToday && rnd() < 0.03 ? 1 + Math.floor(rnd() * 2) : 0;
          const typed = startOfDayInZone(addDays(slot, late), ZONE).getTime() + (take === 1 ? 8 : 16) * 3_600_000 + Math.floor(rnd() * 50) * 60_000;
          const enteredAt = new Date(Math.min(typed, now.getTime()));
          logs.push({
            spaceId: d.hotel.id,
            secureSpacePath: d.hotel.path,
            registerId: row!.id,
            facilityId: facility.id,
            day: slot,
            slot,
            take,
            values,
            outOfRange: values.some((v) => v.outOfRange),
            late: late > 0,
            enteredBy: d.staffId,
            enteredAt,
            createdAt: enteredAt,
            updatedAt: enteredAt,
          });
        }
      }
    });
    for (let i = 0; i < logs.length; i += 500) await tx.insert(registerLogs).values(logs.slice(i, i + 500));
    if (missed.length) await tx.insert(registerMissedTakes).values(missed);
  }
  return out;
}
