/** The template summary, as the audits module's wizard answers it (the calls are in packages/domain/src/calls/templates.ts). */
export { ZTemplateSummary } from '@audit/domain/templates';
