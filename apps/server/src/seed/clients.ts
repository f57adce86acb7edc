import type { TDb } from '../platform/db.js';
import { categories } from '../modules/categories/tables.js';
import { cityId, countryId, stateId } from '../modules/geography/data.js';
import { activities, areaTypes, companies, paymentTypes, serviceCategories, socialReasons } from '../modules/nomenclatures/tables.js';
import { DEFAULT_VALUE_GOAL } from '@audit/domain/services';
import { services, spaceServiceGoals } from '../modules/services/tables.js';
import { structureDetails } from '../modules/structures/tables.js';
import type { TSeedSpace } from './build.js';

/**
 * Demo nomenclatures of a company root and the client fields of its clients. Geography ids are
 * derived from INE codes (modules/geography/data.ts), so the seed needs no geography rows yet.
 */
const at = (space: TSeedSpace) => ({ spaceId: space.id, secureSpacePath: space.path });

async function named(tx: TDb, table: typeof areaTypes, root: TSeedSpace, rows: [string, string][]) {
  const created = await tx
    .insert(table)
    .values(rows.map(([name, description]) => ({ ...at(root), name, description })))
    .returning({ id: table.id, name: table.name });
  return Object.fromEntries(created.map((r) => [r.name, r.id])) as Record<string, string>;
}

export interface TDemoClients {
  root: TSeedSpace;
  hotel: TSeedSpace;
  hotelValencia: TSeedSpace;
  hotelAlicante: TSeedSpace;
  olivo: TSeedSpace;
  olivoCentro: TSeedSpace;
  areas: { space: TSeedSpace; type: string }[];
}

export async function seedDemoClients(tx: TDb, d: TDemoClients) {
  const { root } = d;
  const areaType = await named(tx, areaTypes, root, [
    ['Cocina', 'Zonas de elaboración de alimentos'],
    ['Piscina', 'Vasos de piscina y su entorno'],
    ['Torre de refrigeración', 'Instalaciones de riesgo de legionela'],
    ['Almacén', 'Almacenes de materias primas'],
    ['Cámara frigorífica', 'Conservación en frío'],
  ]);
  const payment = await named(tx, paymentTypes, root, [
    ['Transferencia', 'Transferencia bancaria a 30 días'],
    ['Domiciliación', 'Recibo domiciliado mensual'],
    ['Tarjeta', 'Pago con tarjeta'],
  ]);
  const activity = await named(tx, activities, root, [
    ['Hostelería', 'Hoteles y alojamientos'],
    ['Restauración', 'Restaurantes y bares'],
    ['Comedor colectivo', 'Colegios, residencias y empresas'],
  ]);
  const company = await named(tx, companies, root, [
    ['Higiene Demo Levante', 'Delegación de Valencia y Alicante'],
    ['Higiene Demo Centro', 'Delegación de Madrid'],
  ]);
  const serviceCategory = await named(tx, serviceCategories, root, [
    ['Higiene alimentaria', 'Auditorías APPCC'],
    ['Aguas', 'Piscinas y legionela'],
  ]);
  const [marAzulSr, olivoSr] = await tx
    .insert(socialReasons)
    .values([
      {
        ...at(root),
        name: 'Mar Azul Hoteles S.L.',
        legalRepresentative: 'Marta Ruiz Sanz',
        phones: [{ type: 'work', phone: '+34963000111' }],
        email: 'legal@marazul.es',
      },
      {
        ...at(root),
        name: 'El Olivo Restauración S.L.',
        legalRepresentative: 'Javier Gómez',
        phones: [{ type: 'work', phone: '+34915550000' }],
        email: 'admin@elolivo.es',
      },
    ])
    .returning({ id: socialReasons.id });

  const service = (name: string, category: string, executionTime: number, price: number, groupIva: string, code: string, isPoolService = false) => ({
    ...at(root),
    name,
    category,
    executionTime,
    price,
    groupIva,
    salesAccount: 70500000,
    code,
    description: null,
    isPoolService,
  });
  const [hygiene, pools, legionella] = await tx
    .insert(services)
    .values([
      service('Auditoría de higiene', serviceCategory['Higiene alimentaria']!, 3, 180, 'typeC', 'AUD-HIG'),
      service('Auditoría de piscinas', serviceCategory.Aguas!, 2, 150, 'typeC', 'AUD-PIS', true),
      service('Control de legionela', serviceCategory.Aguas!, 1.5, 95.5, 'typeB', 'CTL-LEG'),
    ])
    .returning({ id: services.id, name: services.name });

  const templateCats = await tx
    .insert(categories)
    .values([
      { ...at(root), name: 'Higiene alimentaria', description: 'Plantillas de auditoría APPCC', type: 'TEMPLATE', color: '#1677ff' },
      { ...at(root), name: 'Piscinas', description: 'Plantillas de piscinas', type: 'TEMPLATE', color: '#13c2c2' },
      { ...at(root), name: 'Cocina', description: 'Registros de cocina', type: 'REGISTER', color: '#fa8c16' },
      { ...at(root), name: 'Legionela', description: 'Registros de instalaciones de riesgo', type: 'REGISTER', color: '#722ed1' },
    ])
    .returning({ id: categories.id, name: categories.name, type: categories.type });
  const higieneCat = templateCats.find((c) => c.name === 'Higiene alimentaria')!.id;
  await tx
    .insert(categories)
    .values({ ...at(root), name: 'Cocinas de hotel', description: 'Subcategoría de higiene para hoteles', type: 'TEMPLATE', parentId: higieneCat });

  const ES = countryId('ES');
  const client = (space: TSeedSpace, extra: Partial<typeof structureDetails.$inferInsert>) => ({
    spaceId: space.id,
    secureSpacePath: space.path,
    country: ES,
    active: true,
    ...extra,
  });
  await tx.insert(structureDetails).values([
    client(d.hotel, {
      code: 'CLI-001',
      cif: 'B46123456',
      province: stateId('ES', '46'),
      municipality: cityId('ES', '46250'),
      address: 'Avenida del Puerto 120',
      zipCode: 46023,
      phones: [{ type: 'work', phone: '+34963000100' }],
      email: 'direccion@marazul.es',
      billingEmail: 'facturas@marazul.es',
      contactPerson: 'Marta Ruiz',
      paymentType: payment.Transferencia,
      activities: [activity['Hostelería']!],
      company: company['Higiene Demo Levante'],
      socialReason: marAzulSr!.id,
      visitDays: [5, 20],
    }),
    client(d.hotelValencia, {
      code: 'EST-001',
      province: stateId('ES', '46'),
      municipality: cityId('ES', '46250'),
      address: 'Paseo de Neptuno 2',
      zipCode: 46011,
      socialReason: marAzulSr!.id,
      openMonth: 1,
      closeMonth: 12,
      auditReportEmail: 'calidad.valencia@marazul.es',
    }),
    client(d.hotelAlicante, {
      code: 'EST-002',
      province: stateId('ES', '03'),
      municipality: cityId('ES', '03014'),
      address: 'Explanada de España 5',
      zipCode: 3002,
      socialReason: marAzulSr!.id,
      openMonth: 3,
      closeMonth: 10,
      visitDays: [10],
    }),
    client(d.olivo, {
      code: 'CLI-002',
      cif: 'B28765432',
      province: stateId('ES', '28'),
      municipality: cityId('ES', '28079'),
      address: 'Calle de Alcalá 45',
      zipCode: 28014,
      phones: [{ type: 'mobile', phone: '+34600111222' }],
      email: 'info@elolivo.es',
      contactPerson: 'Javier Gómez',
      paymentType: payment['Domiciliación'],
      activities: [activity['Restauración']!],
      company: company['Higiene Demo Centro'],
      socialReason: olivoSr!.id,
    }),
    client(d.olivoCentro, {
      code: 'EST-003',
      province: stateId('ES', '28'),
      municipality: cityId('ES', '28005'),
      address: 'Calle Mayor 10',
      zipCode: 28801,
      socialReason: olivoSr!.id,
    }),
    ...d.areas.map(({ space, type }) => ({ spaceId: space.id, secureSpacePath: space.path, areaType: areaType[type] ?? null })),
  ]);

  const goal = (space: TSeedSpace, serviceId: string, valueGoal: number, position: number) => ({
    spaceId: space.id,
    secureSpacePath: space.path,
    serviceId,
    valueGoal,
    position,
  });
  await tx.insert(spaceServiceGoals).values([
    goal(d.hotelValencia, hygiene!.id, 85, 0),
    goal(d.hotelValencia, pools!.id, 80, 1),
    goal(d.hotelValencia, legionella!.id, 90, 2),
    goal(d.hotelAlicante, hygiene!.id, 85, 0),
    goal(d.olivoCentro, hygiene!.id, 80, 0),
    // The company's goals: every client or establishment without its own takes these (decision 0023).
    goal(root, hygiene!.id, DEFAULT_VALUE_GOAL, 0),
    goal(root, pools!.id, DEFAULT_VALUE_GOAL, 1),
    goal(root, legionella!.id, DEFAULT_VALUE_GOAL, 2),
  ]);
  const byName = (list: { id: string; name: string }[]) => Object.fromEntries(list.map((r) => [r.name, r.id])) as Record<string, string>;
  return { services: byName([hygiene!, pools!, legionella!]), areaTypes: areaType, categories: byName(templateCats.filter((c) => c.type === 'TEMPLATE')) };
}

/** The second tenant gets its own, separate nomenclatures. */
export async function seedOtherTenantClients(tx: TDb, root: TSeedSpace) {
  const types = await named(tx, areaTypes, root, [
    ['Pool', 'Swimming pools'],
    ['Kitchen', 'Kitchens'],
  ]);
  const [service] = await tx
    .insert(services)
    .values({
      ...at(root),
      name: 'Pool inspection',
      executionTime: 2,
      price: 140,
      groupIva: 'typeA',
      salesAccount: 70000001,
      code: 'POOL',
      isPoolService: true,
    })
    .returning({ id: services.id });
  return { serviceId: service!.id, areaAccessId: types.Pool! };
}
