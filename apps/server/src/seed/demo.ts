import type { TConfig } from '../config.js';
import type { TDb } from '../platform/db.js';
import { hashPassword } from '../platform/passwords.js';
import { DEFAULT_ROLES } from '@audit/domain/roles';
import { createRole, createRootSpace, createSpace, createUser } from './build.js';
import { seedDemoFaqs } from '../modules/faqs/demo.js';
import { seedDemoIncidents } from '../modules/incidents/demo.js';
import { seedDemoLabReports } from '../modules/lab-data/demo.js';
import { seedDemoContracts } from '../modules/contracts/demo.js';
import { seedDemoDocuments } from '../modules/documents/demo.js';
import { seedDemoVisitPlan } from '../modules/visit-plans/demo.js';
import { seedDemoAudits, seedDemoVisits } from './audits.js';
import { seedDemoClients, seedOtherTenantClients } from './clients.js';
import { seedDemoEmployees } from './employees.js';
import { seedDemoRegisters } from './registers.js';
import { seedDemoTemplates, seedOtherTenantTemplates } from './templates.js';

export const DEMO_PASSWORD = 'Demo1234!';
export const DEMO_ACCOUNTS = [
  'admin@demo.test     administrator of Higiene Demo',
  'auditor@demo.test   auditor of Higiene Demo',
  'client@demo.test    client user of Hotel Mar Azul',
  'admin@other.test    administrator of Other Audits (a separate tenant)',
  'consultant@demo.test client user of two clients (chooses the structure at sign-in)',
  'pending@demo.test   an unverified user (sign-in answers 491)',
  'cocina@demo.test    kitchen staff of Hotel Mar Azul (fills the registers)',
  'gerente@demo.test   manager of Hotel Mar Azul: its users, invitations and access requests (role client_manager)',
];

/** The demo's client manager: what a client user holds, and the people of their space (decision 0055). */
export const CLIENT_MANAGER_PERMISSIONS = [...DEFAULT_ROLES.find((r) => r.name === 'USER')!.permissions, 'USER:MANAGEMENT', 'USER:READ', 'USER:INVITE'];

/**
 * Two separate root spaces (tenants), with clients, establishments, areas, users, templates and audits.
 * `files`: the configuration whose file store keeps the demo's photo (absent: no photo).
 */
export async function seedDemo(tx: TDb, files?: TConfig) {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const common = { password: DEMO_PASSWORD, passwordHash };

  const demo = await createRootSpace(tx, { name: 'Higiene Demo S.L.', identifier: 'demo', ownerSpace: true });
  const hotel = await createSpace(tx, { name: 'Hotel Mar Azul', identifier: 'hotel-mar-azul', parent: demo.space });
  const hotelValencia = await createSpace(tx, { name: 'Hotel Mar Azul Valencia', identifier: 'hotel-mar-azul-valencia', parent: hotel, type: 'ESTABLISHMENT' });
  const hvKitchen = await createSpace(tx, { name: 'Cocina principal', identifier: 'hotel-valencia-cocina', parent: hotelValencia, type: 'AREA' });
  const hvPool = await createSpace(tx, { name: 'Piscina exterior', identifier: 'hotel-valencia-piscina', parent: hotelValencia, type: 'AREA' });
  const hotelAlicante = await createSpace(tx, { name: 'Hotel Mar Azul Alicante', identifier: 'hotel-mar-azul-alicante', parent: hotel, type: 'ESTABLISHMENT' });
  const haKitchen = await createSpace(tx, { name: 'Cocina', identifier: 'hotel-alicante-cocina', parent: hotelAlicante, type: 'AREA' });
  const olivo = await createSpace(tx, { name: 'Restaurante El Olivo', identifier: 'restaurante-el-olivo', parent: demo.space });
  const olivoCentro = await createSpace(tx, { name: 'El Olivo Centro', identifier: 'el-olivo-centro', parent: olivo, type: 'ESTABLISHMENT' });
  const ocKitchen = await createSpace(tx, { name: 'Cocina', identifier: 'el-olivo-centro-cocina', parent: olivoCentro, type: 'AREA' });
  const ocStore = await createSpace(tx, { name: 'Almacén', identifier: 'el-olivo-centro-almacen', parent: olivoCentro, type: 'AREA' });
  const refs = await seedDemoClients(tx, {
    root: demo.space,
    hotel,
    hotelValencia,
    hotelAlicante,
    olivo,
    olivoCentro,
    areas: [
      { space: hvKitchen, type: 'Cocina' },
      { space: hvPool, type: 'Piscina' },
      { space: haKitchen, type: 'Cocina' },
      { space: ocKitchen, type: 'Cocina' },
      { space: ocStore, type: 'Almacén' },
    ],
  });
  const templates = await seedDemoTemplates(tx, demo.space, refs);

  const admin = await createUser(tx, {
    ...common,
    email: 'admin@demo.test',
    username: 'admin',
    firstName: 'Ana',
    lastName: 'Administradora',
    home: demo.space,
    roleIds: [demo.roles.SPACE_ADMIN!],
  });
  const auditor = await createUser(tx, {
    ...common,
    email: 'auditor@demo.test',
    username: 'auditor',
    firstName: 'Álvaro',
    lastName: 'Auditor',
    home: demo.space,
    roleIds: [demo.roles.auditor!],
    isAuditor: true,
  });
  // The company's employees: the auditor with their account, two without one (decision 0084).
  await seedDemoEmployees(tx, {
    root: demo.space,
    auditors: [{ id: auditor.id, firstName: 'Álvaro', lastName: 'Auditor' }],
    clients: [hotel, olivo],
    areas: [hvKitchen, ocKitchen],
    ids: ['48213567R', 'X4821356G', '20931744L'],
  });
  const audits = await seedDemoAudits(tx, {
    root: demo.space,
    client: hotel,
    establishment: hotelValencia,
    secondEstablishment: hotelAlicante,
    auditorId: auditor.id,
    serviceId: refs.services['Auditoría de higiene']!,
    templateId: templates.hygiene,
    files,
  });
  await seedDemoVisits(tx, {
    root: demo.space,
    auditorId: auditor.id,
    serviceId: refs.services['Auditoría de higiene']!,
    templateId: templates.hygiene,
    places: [
      { client: olivo, establishment: olivoCentro },
      { client: hotel, establishment: hotelValencia },
      { client: hotel, establishment: hotelAlicante },
    ],
  });
  const clientUser = await createUser(tx, {
    ...common,
    email: 'client@demo.test',
    username: 'client',
    firstName: 'Carmen',
    lastName: 'Cliente',
    home: hotel,
    roleIds: [demo.roles.USER!],
  });
  // Incidents in every status with their corrective actions (decision 0038).
  await seedDemoIncidents(tx, {
    client: hotel,
    establishment: hotelValencia,
    place: 'Hotel Mar Azul › Hotel Mar Azul Valencia',
    auditorId: auditor.id,
    clientUserId: clientUser.id,
    finishedAuditId: audits.finished,
    templateId: templates.hygiene,
    templateName: 'Auditoría de higiene alimentaria',
  });
  // Lab reports of food, pool and legionella, one legionella count out of its limit (decision 0044).
  await seedDemoLabReports(tx, { client: hotel, establishment: hotelValencia, kitchen: hvKitchen, pool: hvPool, createdBy: admin.id });
  // FAQs for auditors, clients and all, in Spanish and English (decision 0082).
  await seedDemoFaqs(tx, demo.space, admin.id);
  // Service contracts: Hotel Mar Azul's of this year (active), El Olivo's draft for next year (decision 0083).
  const year = new Date().getUTCFullYear();
  const contracts = await seedDemoContracts(tx, { root: demo.space, hotel, olivo, services: refs.services, createdBy: admin.id, year });
  // Its visit plan generated, the next hygiene visits at Valencia confirmed into audits (decision 0089).
  // The window fields are those seedDemoClients wrote (clients.ts).
  await seedDemoVisitPlan(tx, {
    root: demo.space,
    client: { id: hotel.id, visitDays: [5, 20] },
    contractId: contracts.active,
    places: [
      { ...hotelAlicante, openMonth: 3, closeMonth: 10, visitDays: [10] },
      { ...hotelValencia, openMonth: 1, closeMonth: 12 },
    ],
    hygiene: { serviceId: refs.services['Auditoría de higiene']!, templateId: templates.hygiene, establishmentId: hotelValencia.id },
    adminId: admin.id,
    auditorId: auditor.id,
    year,
  });
  // Documents: Hotel Mar Azul's folders, a certificate expiring soon (amber), one expired (red) (decision 0088).
  await seedDemoDocuments(tx, { client: hotel, establishment: hotelValencia, ownerId: clientUser.id });
  await createUser(tx, {
    ...common,
    email: 'consultant@demo.test',
    username: 'consultant',
    firstName: 'Clara',
    lastName: 'Consultora',
    home: hotel,
    memberOf: [olivo],
    roleIds: [demo.roles.USER!],
  });
  await createUser(tx, {
    ...common,
    email: 'pending@demo.test',
    username: 'pending',
    firstName: 'Pedro',
    lastName: 'Pendiente',
    home: hotel,
    roleIds: [demo.roles.USER!],
    status: 'UNVERIFIED',
  });
  const kitchenStaff = await createUser(tx, {
    ...common,
    email: 'cocina@demo.test',
    username: 'cocina',
    firstName: 'Quique',
    lastName: 'Cocina',
    home: hotel,
    roleIds: [demo.roles.worker!],
  });
  await createUser(tx, {
    ...common,
    email: 'gerente@demo.test',
    username: 'gerente',
    firstName: 'Gerardo',
    lastName: 'Gerente',
    home: hotel,
    roleIds: [await createRole(tx, demo.space, { name: 'client_manager', permissions: CLIENT_MANAGER_PERMISSIONS })],
  });
  await seedDemoRegisters(tx, { root: demo.space, hotel, establishment: hotelValencia, staffId: kitchenStaff.id, auditorId: auditor.id });

  const other = await createRootSpace(tx, { name: 'Other Audits Ltd', identifier: 'other' });
  await seedOtherTenantTemplates(tx, other.space, await seedOtherTenantClients(tx, other.space));
  const otherClient = await createSpace(tx, { name: 'Seaside Resort', identifier: 'seaside-resort', parent: other.space });
  const otherEst = await createSpace(tx, { name: 'Seaside Resort Main', identifier: 'seaside-resort-main', parent: otherClient, type: 'ESTABLISHMENT' });
  await createSpace(tx, { name: 'Pool', identifier: 'seaside-resort-pool', parent: otherEst, type: 'AREA' });
  await createUser(tx, {
    ...common,
    email: 'admin@other.test',
    username: 'otheradmin',
    firstName: 'Oliver',
    lastName: 'Other',
    home: other.space,
    roleIds: [other.roles.SPACE_ADMIN!],
  });
  await createUser(tx, {
    ...common,
    email: 'auditor@other.test',
    username: 'otherauditor',
    firstName: 'Olga',
    lastName: 'Inspector',
    home: other.space,
    roleIds: [other.roles.auditor!],
    isAuditor: true,
  });
}
