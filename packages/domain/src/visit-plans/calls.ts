import { z } from '../zod.js';
import { CORE, defineCall } from '../calls/define.js';
import {
  ZPlannedVisit,
  ZVisitPlanConfirm,
  ZVisitPlanGenerate,
  ZVisitPlanGenerated,
  ZVisitPlanGenerateYear,
  ZVisitPlanYearGenerated,
  ZVisitPlanPatch,
  ZVisitPlanSummary,
  ZVisitPlanSummaryQuery,
  ZVisitPlanVisitsQuery,
} from './schemas.js';

/** The visit plan on /ms-core/api/visit-plans (decision 0089: the calls document defines none). */
const BASE = `${CORE}/visit-plans`;
const ZIdParams = z.object({ id: z.string().uuid() });

export const visitPlanCalls = {
  generate: defineCall({
    name: 'visitPlans.generate',
    method: 'POST',
    path: `${BASE}/generate`,
    body: ZVisitPlanGenerate,
    response: ZVisitPlanGenerated,
    errors: ['notFound'],
  }),
  generateYear: defineCall({
    name: 'visitPlans.generateYear',
    method: 'POST',
    path: `${BASE}/generate-year`,
    body: ZVisitPlanGenerateYear,
    response: ZVisitPlanYearGenerated,
  }),
  summary: defineCall({ name: 'visitPlans.summary', method: 'GET', path: `${BASE}/summary`, query: ZVisitPlanSummaryQuery, response: ZVisitPlanSummary }),
  visits: defineCall({
    name: 'visitPlans.visits',
    method: 'GET',
    path: `${BASE}/visits`,
    query: ZVisitPlanVisitsQuery,
    response: z.array(ZPlannedVisit),
    errors: ['notFound'],
  }),
  confirm: defineCall({
    name: 'visitPlans.confirm',
    method: 'POST',
    path: `${BASE}/visits/confirm`,
    body: ZVisitPlanConfirm,
    response: z.array(ZPlannedVisit),
    errors: ['notFound'],
  }),
  update: defineCall({
    name: 'visitPlans.update',
    method: 'PATCH',
    path: `${BASE}/visits/:id`,
    params: ZIdParams,
    body: ZVisitPlanPatch,
    response: ZPlannedVisit,
    errors: ['notFound'],
  }),
  drop: defineCall({ name: 'visitPlans.drop', method: 'DELETE', path: `${BASE}/visits/:id`, params: ZIdParams, response: ZPlannedVisit, errors: ['notFound'] }),
};
