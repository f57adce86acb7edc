import { sql } from 'drizzle-orm';
import type { TSearchBody } from '@audit/domain/search';
import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import { invalidData, notFound } from '../../platform/errors.js';
import { scoped, type TModuleContext } from '../../platform/http.js';
import * as goals from '../services/goals.js';
import { servicesService } from '../services/definition.js';
import * as spaces from '../spaces/service.js';
import * as templates from '../templates/service.js';
import * as users from '../users/service.js';
import { rootOf } from './create.js';

/**
 * The create-audit wizard's choices (product document, section 5): services with a goal where the
 * establishment takes its goals from (limited to the caller's access services when they have any),
 * the company's verified auditors, and the enabled templates the goal allows.
 */
async function loadEstablishment(tx: TDb, caller: TAuth, id: string) {
  const establishment = await spaces.findSpaceInScope(tx, caller, id);
  if (!establishment) throw notFound();
  if (establishment.typeStructure !== 'ESTABLISHMENT') throw invalidData(['establishment']);
  return establishment;
}

export async function servicesFor(ctx: TModuleContext, caller: TAuth, establishmentId: string) {
  const access = await users.ownAccessServices(ctx, caller.userId);
  return scoped(ctx, caller, async (tx) => {
    const establishment = await loadEstablishment(tx, caller, establishmentId);
    const offered = (await goals.nearestGoals(tx, establishment.secureSpacePath)).filter((g) => !access.length || access.includes(g.serviceId));
    const rows = new Map(
      (
        await servicesService.repo.findMany(
          tx,
          caller,
          offered.map((g) => g.serviceId),
        )
      ).map((s) => [s.id, s]),
    );
    return offered
      .filter((g) => rows.has(g.serviceId))
      .map((g) => ({
        _id: g.serviceId,
        name: rows.get(g.serviceId)!.name,
        isPoolService: rows.get(g.serviceId)!.isPoolService === true,
        valueGoal: g.valueGoal,
        templates: g.templates,
      }));
  });
}

export async function auditorsFor(ctx: TModuleContext, caller: TAuth, clientId: string) {
  return scoped(ctx, caller, async (tx) => {
    const client = await spaces.findSpaceInScope(tx, caller, clientId);
    if (!client) throw notFound();
    return users.findAuditors(tx, caller, rootOf(client.secureSpacePath));
  });
}

/**
 * Enabled templates (filters `service`, `category`, `categoryTree`...). With `establishment`, only
 * those of a service with a goal where it takes its goals from, and named by that goal when it lists templates.
 */
export async function templatesFor(ctx: TModuleContext, caller: TAuth, body: TSearchBody & { establishment?: string }) {
  const access = await users.ownAccessServices(ctx, caller.userId);
  return scoped(ctx, caller, async (tx) => {
    const conditions = [sql`"audit_templates"."enabled" is not false`];
    if (access.length)
      conditions.push(
        sql`"audit_templates"."service_id" in (${sql.join(
          access.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    if (body.establishment) {
      const establishment = await loadEstablishment(tx, caller, body.establishment);
      const [nearest] = await goals.nearestGoals(tx, establishment.secureSpacePath);
      conditions.push(
        nearest ? goals.goalInSpaceOffersTemplate(nearest.spaceId, sql`"audit_templates"."id"`, sql`"audit_templates"."service_id"`) : sql`false`,
      );
    }
    return templates.searchTemplatesWhere(tx, caller, body, sql.join(conditions, sql` and `));
  });
}
