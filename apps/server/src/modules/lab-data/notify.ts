import type { TAuth } from '../../platform/auth.js';
import type { TDb } from '../../platform/db.js';
import type { TModuleContext } from '../../platform/http.js';
import { enqueueJob } from '../../platform/jobs/queue.js';
import { incidentMailJob } from '../incidents/notify.js';
import { notifyUser } from '../notifications/service.js';
import type { TLabIncidentRow } from './tables.js';

/**
 * A lab incident's status change tells the people concerned (decision 0053, reusing the incidents'
 * notices of decision 0039): who raised it (the report's save or import) and who moved it last,
 * never the person acting. TASK_UPDATE_STATE in the bell drawer at once (same transaction, body
 * `labIncidentId`: the bell opens that lab incident, decision 0058) and the incidents' e-mail job, in each
 * recipient's language, unless they turned incident e-mails off.
 */
export async function notifyLabIncidentChange(ctx: TModuleContext, tx: TDb, caller: TAuth, before: TLabIncidentRow, after: TLabIncidentRow, number: string) {
  const to = [...new Set([before.createdBy, before.changedBy].filter((id): id is string => !!id && id !== caller.userId))];
  if (!to.length) return;
  const status = after.status.toLowerCase();
  const name = `${number} · ${after.parameter}`;
  for (const userId of to)
    await notifyUser(tx, { spaceId: after.spaceId, spacePath: after.secureSpacePath, userId }, 'TASK_UPDATE_STATE', { status, name, labIncidentId: after.id });
  const base = (ctx.config.PUBLIC_URL ?? `http://localhost:${ctx.config.PORT}`).replace(/\/$/, '');
  await enqueueJob(tx, caller, incidentMailJob, {
    to,
    event: 'status' as const,
    status,
    name,
    incidentId: after.id,
    link: `${base}/incidents/list/lab-data/${after.id}`,
  });
}
