import { z } from '../zod.js';
import { RISK_LEVELS } from '../constants.js';
import { ZSearchBody } from '../search.js';
import { CORE, defineCall } from './define.js';

/**
 * The incident templates library (`/templates/list/incidents`, product document §2): every
 * incident template of the templates the caller may read, with where it lives (template, section,
 * question) and its corrective tasks. Incident templates are edited in the template editor; this
 * list finds them across templates (decision 0073).
 */
export const ZIncidentTemplateRow = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  riskLevel: z.enum(RISK_LEVELS),
  deductionPercentage: z.number(),
  tasks: z.array(z.object({ _id: z.string().optional(), name: z.string() })),
  template: z.object({ _id: z.string(), name: z.string(), enabled: z.boolean() }),
  section: z.object({ _id: z.string(), title: z.string() }),
  question: z.object({ _id: z.string(), name: z.string() }),
});
export type TIncidentTemplateRow = z.infer<typeof ZIncidentTemplateRow>;

export const incidentTemplateCalls = {
  search: defineCall({
    name: 'incidentTemplates.search',
    method: 'POST',
    path: `${CORE}/audit-templates/incidents/search`,
    body: ZSearchBody,
    response: z.array(ZIncidentTemplateRow),
    page: true,
  }),
};
