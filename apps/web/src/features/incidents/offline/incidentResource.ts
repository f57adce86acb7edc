import { incidentCalls } from '@audit/domain/calls/incidents';
import { send } from '../../../api/send';
import { registerResourceKind, resourceKey } from '../../../offline/resources';
import { describeIncidentChange, incidentCommands, type TIncidentCopy } from './incidentChanges';

/**
 * An incident on the offline layer (decision 0045): the kind `incident`, registered when this module
 * is imported (the signed-in shell imports it eagerly, so a replay away from the incident knows it).
 * Its corrective actions' status and photos, and new comments (decision 0054), wait in the queue;
 * everything else is online. The copy is the detail with its comments, read together.
 */
export const INCIDENT_KIND = 'incident';
export const incidentResource = (id: string) => resourceKey(INCIDENT_KIND, id);
export const INCIDENT_PAGE = /^\/incidents\/(?!list$)[^/]+$/;
export const INCIDENTS_QUERY_KEY = ['incidents'] as const;

registerResourceKind<TIncidentCopy>({
  type: INCIDENT_KIND,
  load: async (id) => {
    const [incident, comments] = await Promise.all([send(incidentCalls.get, { params: { id } }), send(incidentCalls.comments, { params: { id } })]);
    return { ...incident, comments };
  },
  // Kept for offline use by whoever may comment on it, move one of its corrective actions or add a photo to it.
  keepCopy: (incident) => incident.can.comment || incident.tasks.some((t) => t.can.changeStatus || t.can.update),
  commands: incidentCommands,
  describe: describeIncidentChange,
  changeLabelKey: (kind) => `incidents.offline.kind.${kind}`,
  elsewhereKey: 'incidents.offline.otherIncident',
  refreshViews: (queryClient) => queryClient.invalidateQueries({ queryKey: INCIDENTS_QUERY_KEY }),
  page: INCIDENT_PAGE,
  pathOf: (id) => `/incidents/${id}`,
});
