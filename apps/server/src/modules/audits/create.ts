import { dayOfInput, storedDayEnd, storedDayStart } from '@audit/domain/dates';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { AppError, invalidData, notFound } from '../../platform/errors.js';
import { assertWritable, rootPath } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import * as goals from '../services/goals.js';
import * as spaces from '../spaces/service.js';
import * as templates from '../templates/service.js';
import * as users from '../users/service.js';
import * as repo from './repo.js';
import type { TCreateAudit } from './schemas.js';
import { snapshotOf } from './snapshot.js';
import * as tree from './tree-repo.js';

export const MODULE = 'AUDIT';
export const SECTION = 'audits';
/** Traces of an audit live in its establishment's space. */
export const traceAt = (audit: { spaceId: string; secureSpacePath: string }) => ({
  module: MODULE,
  section: SECTION,
  spaceId: audit.spaceId,
  secureSpacePath: audit.secureSpacePath,
});

/**
 * Product document, section 5: the start date is stored as the UTC start of its day, the range as
 * UTC start to end of day. Which day a value names is read in the establishment's time zone
 * (decision 0015): "2026-03-01T23:30:00Z" is 2 March in Madrid.
 */
export function dateRange(date: [string, string], timeZone: string) {
  const [from, to] = [storedDayStart(dayOfInput(date[0], timeZone)), storedDayEnd(dayOfInput(date[1], timeZone))];
  if (from > to) throw invalidData(['date']);
  return { dateFrom: from, dateTo: to };
}

/** Visits happen from the audit's start date on (decision 0026): AUD0004 otherwise. */
export function assertVisitFromStart(startDate: Date, dateFrom: Date) {
  if (dateFrom.getTime() < startDate.getTime()) throw new AppError('visitBeforeStart', ['date']);
}

/** The company root of a space path (/root/client/est/ -> /root/). */
export const rootOf = (path: string) => rootPath(path.split('/')[1]!);

/** The establishment (an ESTABLISHMENT space of the caller's scope) and its client (a structure above it, not the company). */
export async function loadPlace(tx: TDb, caller: TAuth, clientId: string, establishmentId: string) {
  const establishment = await spaces.findSpaceInScope(tx, caller, establishmentId);
  if (!establishment) throw notFound();
  if (establishment.typeStructure !== 'ESTABLISHMENT') throw invalidData(['establishment']);
  const client = await spaces.findSpaceInScope(tx, caller, clientId);
  const clientAbove =
    client && client.parentId !== null && client.typeStructure === 'STRUCTURE' && establishment.secureSpacePath.startsWith(client.secureSpacePath);
  if (!clientAbove) throw invalidData(['client']);
  return { establishment, client };
}

/** The goal of a service where the establishment takes its goals from (400 `service` without one). */
export async function goalFor(tx: TDb, establishmentPath: string, serviceId: string, accessServices: string[]) {
  if (accessServices.length && !accessServices.includes(serviceId)) throw invalidData(['service']);
  const goal = (await goals.nearestGoals(tx, establishmentPath)).find((g) => g.serviceId === serviceId);
  if (!goal) throw invalidData(['service']);
  return goal;
}

/**
 * Creates a draft audit in the establishment's space and snapshots the template into it. Checks, in
 * order: the places (404 / 400), the template is visible (404) and runnable (10021, 692, 934),
 * enabled and of this service (400 `template` / `service`), the service has a goal there (400
 * `service`) that offers this template (400 `template`), the auditor is one of the company's (400).
 */
export async function createAuditIn(tx: TDb, caller: TAuth, input: TCreateAudit, accessServices: string[]) {
  const { establishment } = await loadPlace(tx, caller, input.client, input.establishment);
  assertWritable(caller, establishment.secureSpacePath);
  const item = await templates.loadTemplate(tx, caller, input.template);
  await templates.assertRunnable(tx, caller, item);
  if (!item.row.enabled) throw invalidData(['template']);
  if (item.row.serviceId !== input.service) throw invalidData(['service']);
  const goal = await goalFor(tx, establishment.secureSpacePath, input.service, accessServices);
  if (goal.templates.length && !goal.templates.includes(input.template)) throw invalidData(['template']);
  const [auditor] = await users.findAuditors(tx, caller, rootOf(establishment.secureSpacePath), input.auditor);
  if (!auditor) throw invalidData(['auditor']);

  const template = await templates.readTemplate(tx, caller, input.template);
  const timeZone = await spaces.timeZoneOfPath(tx, establishment.secureSpacePath);
  const startDate = storedDayStart(dayOfInput(input.startDate, timeZone));
  const range = dateRange(input.date, timeZone);
  assertVisitFromStart(startDate, range.dateFrom);
  const previousAuditId = await repo.findLastFinished(tx, caller, { establishmentId: establishment.id, serviceId: input.service, templateId: input.template });
  const audit = await repo.insertAudit(tx, {
    spaceId: establishment.id,
    secureSpacePath: establishment.secureSpacePath,
    status: 'draft',
    templateId: template._id,
    templateName: template.name,
    language: template.language,
    clientId: input.client,
    establishmentId: establishment.id,
    serviceId: input.service,
    areaAccessId: template.areaAccess?._id ?? null,
    auditorId: auditor._id,
    ownerId: caller.userId,
    startDate,
    ...range,
    valueGoal: goal.valueGoal,
    previousAuditId,
  });
  await tree.insertTree(tx, snapshotOf(template, { auditId: audit.id, spaceId: audit.spaceId, secureSpacePath: audit.secureSpacePath }, auditor.fullName));
  await recordTrace(tx, caller, { ...traceAt(audit), type: 'CREATE', entityId: audit.id, payload: input });
  return audit;
}
