import type { FastifyInstance } from 'fastify';
import { visitPlanCalls as calls } from '@audit/domain/visit-plans/calls';
import { requireAuth, requires } from '../../platform/auth.js';
import type { TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { generatePlan, generateYear } from './generate.js';
import { planSummary } from './summary.js';
import { confirmVisits, dropVisit, listVisits, updateVisit } from './visits.js';

const auth = requireAuth;
const tags = ['visit-plans'];

/** /ms-core/api/visit-plans: the contracts' visit plan (decision 0089), gated by the CONTRACT permissions. */
export async function visitPlanRoutes(app: FastifyInstance, ctx: TModuleContext) {
  const read = requires('CONTRACT:READ');
  const write = requires('CONTRACT:WRITE');
  route(app, calls.generate, {
    config: write,
    tags,
    summary:
      'Generate (again) the year’s planned visits of an ACTIVE contract: its yearly quantities shared among the client’s establishments, spread over their visit windows; what the office confirmed, moved or dropped is kept',
    handler: (req) => generatePlan(ctx, auth(req), req.body),
  });
  route(app, calls.generateYear, {
    config: write,
    tags,
    summary:
      'Generate (again) the year’s plan of every ACTIVE contract in force that year, in one transaction: the same rule as generate, contract by contract, with the counts summed',
    handler: (req) => generateYear(ctx, auth(req), req.body),
  });
  route(app, calls.summary, {
    config: read,
    tags,
    summary: 'Per client and contract of the year: visits hired, planned (proposed + confirmed), done (audits finished) and whether it is behind',
    handler: (req) => planSummary(ctx, auth(req), req.query),
  });
  route(app, calls.visits, {
    config: read,
    tags,
    summary: 'A client’s planned visits of the year (optionally one contract’s), by day, each with its establishment’s visit window',
    handler: (req) => listVisits(ctx, auth(req), req.query),
  });
  route(app, calls.confirm, {
    config: write,
    tags,
    summary:
      'Confirm proposals: each becomes a draft audit (the audits module’s creation) on its day for its auditor; a confirmed visit answers as it is (one audit per visit)',
    handler: (req) => confirmVisits(ctx, auth(req), req.body),
  });
  route(app, calls.update, {
    config: write,
    tags,
    summary: 'Move a proposal to a day its establishment’s window allows (400 on date otherwise) and/or assign its auditor',
    handler: (req) => updateVisit(ctx, auth(req), req.params.id, req.body),
  });
  route(app, calls.drop, {
    config: write,
    tags,
    summary: 'Drop a proposal (kept as DROPPED so generating again does not bring it back); a confirmed visit is 400 on status',
    handler: (req) => dropVisit(ctx, auth(req), req.params.id),
  });
}
