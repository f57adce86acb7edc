import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { incidentTemplateCalls } from '@audit/domain/calls/incident-templates';
import { permissionName } from '@audit/domain/permissions';
import { RISK_LEVELS } from '@audit/domain/constants';
import { requireAuth, requires } from '../../platform/auth.js';
import { scoped, sendPage, type TModuleContext } from '../../platform/http.js';
import { route } from '../../platform/route.js';
import { buildSearch, readPageByIds, type TSearchDefinition } from '../../platform/search.js';
import { inCatalogueScope } from '../../platform/tenancy.js';
import { auditTemplates as tpl, templateIncidents as inc, templateQuestions as question, templateSections as section } from './tables.js';

/** The library's filters: the incident's name, risk and deduction, and its template. */
const librarySearch: TSearchDefinition = {
  fields: {
    name: { column: inc.name, type: 'text' },
    riskLevel: { column: inc.riskLevel, type: 'enum', values: RISK_LEVELS },
    deductionPercentage: { column: inc.deductionPercentage, type: 'number' },
    template: { column: inc.templateId, type: 'uuid' },
    createdAt: { column: inc.createdAt, type: 'date' },
  },
  searchColumns: [inc.name, inc.description],
  defaultSort: { field: 'name', direction: 'asc' },
};

/**
 * POST /ms-core/api/audit-templates/incidents/search: incident templates of every template the
 * caller may read (the templates' catalogue scope: its own space, below, and the ancestors').
 */
export async function incidentLibraryRoutes(app: FastifyInstance, ctx: TModuleContext) {
  route(app, incidentTemplateCalls.search, {
    config: { ...requires(permissionName('TEMPLATES', 'READ')), identityNeutral: true },
    tags: ['audit-templates'],
    summary: 'Paged search of the incident templates of every readable template (name, riskLevel, deductionPercentage, template)',
    handler: async (req, reply) => {
      const caller = requireAuth(req);
      const q = buildSearch(librarySearch, req.body);
      const where = and(inCatalogueScope(inc.secureSpacePath, caller), q.where);
      // The page's ids in the window's order (maybe read from the end), the rows in the asked order.
      // Template incidents do not notify their changes (no list_totals trigger): every page counts.
      const page = await scoped(ctx, caller, (tx) =>
        readPageByIds({
          tx,
          table: inc,
          idColumn: inc.id,
          where,
          q,
          rows: (ids, orderBy) =>
            tx
              .select({
                row: inc,
                template: { _id: tpl.id, name: tpl.name, enabled: tpl.enabled },
                section: { _id: section.id, title: section.title },
                question: { _id: question.id, name: question.name },
              })
              .from(inc)
              .innerJoin(question, eq(question.id, inc.questionId))
              .innerJoin(section, eq(section.id, question.sectionId))
              .innerJoin(tpl, eq(tpl.id, inc.templateId))
              .where(inArray(inc.id, ids))
              .orderBy(...orderBy),
        }),
      );
      return sendPage(reply, {
        total: page.total,
        items: page.items.map(({ row, template, section, question }) => ({
          _id: row.id,
          name: row.name,
          description: row.description,
          riskLevel: row.riskLevel as (typeof RISK_LEVELS)[number],
          deductionPercentage: row.deductionPercentage,
          tasks: row.tasks,
          template,
          section,
          question,
        })),
      });
    },
  });
}
