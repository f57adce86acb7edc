import { ZVisitPlanConfirm, ZVisitPlanPatch, type TVisitPlanConfirm, type TVisitPlanPatch } from '@audit/domain/visit-plans/schemas';
import { visitRefusal } from '@audit/domain/visits/window';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import { rootPath } from '../../platform/tenancy.js';
import { recordTrace } from '../../platform/trace.js';
import { noticeAssignment } from '../audits/assignment-notice.js';
import { createAuditIn } from '../audits/create.js';
import { auditView } from '../audits/read.js';
import { templatesFor } from '../audits/wizard.js';
import * as users from '../users/service.js';
import { placesOf, type TPlace } from './places.js';
import { visitPlanPolicy } from './policy.js';
import { presentVisits } from './present.js';
import * as repo from './repo.js';
import type { TPlannedVisitRow } from './tables.js';

const trace = (row: TPlannedVisitRow) => ({
  module: 'CONTRACT',
  section: 'visit-plans',
  spaceId: row.spaceId,
  secureSpacePath: row.secureSpacePath,
  entityId: row.id,
});
const accessed = (row: TPlannedVisitRow) => ({ secureSpacePath: row.secureSpacePath, clientId: row.clientId });
const placeMap = (places: TPlace[]) => new Map(places.map((p) => [p.id, p]));
const rootOf = (path: string) => rootPath(path.split('/')[1]!);

/** A visit of the caller's scope (404 otherwise: another tenant's id says nothing). */
async function visitOf(ctx: TModuleContext, caller: TAuth, id: string) {
  const [row] = await scoped(ctx, caller, (tx) => repo.findVisits(tx, caller, [id]));
  if (!row) throw notFound();
  visitPlanPolicy.authorize(caller, 'read', accessed(row));
  return row;
}

/** GET /visit-plans/visits: a client's planned visits of a year (404 for a client the caller does not see). */
export async function listVisits(ctx: TModuleContext, caller: TAuth, query: { year: number; client: string; contract?: string }) {
  visitPlanPolicy.authorize(caller, 'read', { secureSpacePath: caller.spacePath, clientId: query.client });
  const places = placeMap(await placesOf(ctx, caller, query.client));
  return scoped(ctx, caller, async (tx) => presentVisits(tx, caller, await repo.visitsOf(tx, caller, query.client, query.year, query.contract), places));
}

/** A proposal the office may still change: confirmed ones are audits now (moved in the calendar), dropped ones are gone. */
const assertProposal = (row: TPlannedVisitRow) => {
  if (row.status !== 'PROPOSED') throw invalidData(['status']);
};

async function assertAuditor(tx: TDb, caller: TAuth, row: TPlannedVisitRow, auditor: string) {
  const [found] = await users.findAuditors(tx, caller, rootOf(row.secureSpacePath), auditor);
  if (!found) throw invalidData(['auditor']);
}

/**
 * PATCH /visit-plans/visits/:id: move a proposal to another day of its year that the establishment's
 * window allows (the shared rule of visits/window.ts; a refused day is 400 on `date`, and the
 * answer's window lets the screen say why), and/or give it an auditor.
 */
export async function updateVisit(ctx: TModuleContext, caller: TAuth, id: string, input: TVisitPlanPatch) {
  const body = ZVisitPlanPatch.parse(input);
  const before = await visitOf(ctx, caller, id);
  const places = placeMap(await placesOf(ctx, caller, before.clientId));
  return scoped(ctx, caller, async (tx) => {
    const [row] = await repo.findVisits(tx, caller, [id], true);
    if (!row) throw notFound();
    visitPlanPolicy.authorize(caller, 'write', accessed(row));
    assertProposal(row);
    const changes: Partial<repo.TPlannedVisitInsert> = {};
    if (body.date !== undefined) {
      const [year, month, day] = body.date.split('-').map(Number) as [number, number, number];
      const place = places.get(row.establishmentId);
      if (year !== row.year || !place || visitRefusal(place.window, { month, day }) !== null) throw invalidData(['date']);
      changes.date = body.date;
    }
    if (body.auditor !== undefined) {
      if (body.auditor) await assertAuditor(tx, caller, row, body.auditor);
      changes.auditorId = body.auditor;
    }
    const after = await repo.updateVisit(tx, id, changes);
    await recordTrace(tx, caller, { ...trace(after), type: 'UPDATE', payload: { date: { from: row.date, to: after.date }, auditor: after.auditorId } });
    return (await presentVisits(tx, caller, [after], places))[0]!;
  });
}

/** DELETE /visit-plans/visits/:id: drop a proposal (kept as DROPPED, so generating again does not bring it back). */
export async function dropVisit(ctx: TModuleContext, caller: TAuth, id: string) {
  const before = await visitOf(ctx, caller, id);
  const places = placeMap(await placesOf(ctx, caller, before.clientId));
  return scoped(ctx, caller, async (tx) => {
    const [row] = await repo.findVisits(tx, caller, [id], true);
    if (!row) throw notFound();
    visitPlanPolicy.authorize(caller, 'write', accessed(row));
    if (row.status === 'DROPPED') return (await presentVisits(tx, caller, [row], places))[0]!;
    assertProposal(row);
    const after = await repo.updateVisit(tx, id, { status: 'DROPPED' });
    await recordTrace(tx, caller, { ...trace(after), type: 'REMOVE', payload: { date: row.date } });
    return (await presentVisits(tx, caller, [after], places))[0]!;
  });
}

/**
 * The template of a visit confirmed without one: the one enabled template the service's goal offers
 * at the establishment (the audits wizard's own list); none or several is 400 on `template`.
 */
async function templateOf(ctx: TModuleContext, caller: TAuth, row: TPlannedVisitRow, cache: Map<string, string>) {
  const key = `${row.establishmentId}|${row.serviceId}`;
  if (!cache.has(key)) {
    const found = await templatesFor(ctx, caller, {
      size: 2,
      page: 0,
      filters: [{ field: 'service', operator: 'eq', value: row.serviceId }],
      establishment: row.establishmentId,
    });
    if (found.items.length !== 1) throw invalidData(['template']);
    cache.set(key, String((found.items[0] as { _id: string })._id));
  }
  return cache.get(key)!;
}

/**
 * POST /visit-plans/visits/confirm: each proposal becomes a draft audit through the audits module's
 * own creation (its checks: places, template, goal, auditor), on the visit's day, and keeps the
 * audit's id. All or nothing. The rows are locked first (in id order), so a second confirm of the
 * same visits at once waits, finds them confirmed and creates nothing: one audit per visit, ever.
 */
export async function confirmVisits(ctx: TModuleContext, caller: TAuth, input: TVisitPlanConfirm) {
  const body = ZVisitPlanConfirm.parse(input);
  const ids = [...new Set(body.visits)];
  const seen = await scoped(ctx, caller, (tx) => repo.findVisits(tx, caller, ids));
  if (seen.length !== ids.length) throw notFound();
  for (const row of seen) visitPlanPolicy.authorize(caller, 'confirm', accessed(row));
  const templates = new Map<string, string>();
  const templateFor = new Map<string, string>();
  for (const row of seen.filter((r) => r.status === 'PROPOSED')) templateFor.set(row.id, body.template ?? (await templateOf(ctx, caller, row, templates)));
  const accessServices = await users.ownAccessServices(ctx, caller.userId);
  const clients = [...new Set(seen.map((r) => r.clientId))];
  const places = placeMap((await Promise.all(clients.map((c) => placesOf(ctx, caller, c)))).flat());
  const view = auditView(ctx);
  return scoped(ctx, caller, async (tx) => {
    const rows = await repo.findVisits(tx, caller, ids, true);
    if (rows.length !== ids.length) throw notFound();
    const out: TPlannedVisitRow[] = [];
    for (const row of rows) {
      if (row.status === 'CONFIRMED') {
        out.push(row);
        continue;
      }
      assertProposal(row);
      const auditor = row.auditorId ?? body.auditor;
      if (!auditor) throw invalidData(['auditor']);
      if (!row.date) throw invalidData(['date']);
      const template = templateFor.get(row.id) ?? body.template;
      if (!template) throw invalidData(['template']);
      const audit = await createAuditIn(
        tx,
        caller,
        {
          client: row.clientId,
          establishment: row.establishmentId,
          service: row.serviceId,
          template,
          auditor,
          startDate: row.date,
          date: [row.date, row.date],
        },
        accessServices,
      );
      await noticeAssignment(tx, caller, audit, view.auditUrl);
      const after = await repo.updateVisit(tx, row.id, { status: 'CONFIRMED', auditId: audit.id, auditorId: auditor });
      await recordTrace(tx, caller, { ...trace(after), type: 'UPDATE', payload: { status: 'CONFIRMED', audit: audit.id } });
      out.push(after);
    }
    const order = new Map(body.visits.map((id, i) => [id, i]));
    out.sort((x, y) => order.get(x.id)! - order.get(y.id)!);
    return presentVisits(tx, caller, out, places);
  });
}
