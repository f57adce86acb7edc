import type { TOtherIncidentInput } from '@audit/domain/incidents';

/** What the "report an incident" form holds (dates as 'YYYY-MM-DD' already). */
export interface TOtherIncidentForm {
  name: string;
  description?: string;
  establishment: string;
  area?: string;
  facility?: string;
  type?: string;
  category?: string;
  priority?: TOtherIncidentInput['priority'];
  riskLevel?: TOtherIncidentInput['riskLevel'];
  reportedBy?: string;
  detectedBy?: string;
  openDate?: string;
  responsible?: string;
  draft?: boolean;
}

const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * The form as `POST /issues`' body: the place is the area when one is chosen, else the
 * establishment; empty texts are left out; saved as a draft only when asked.
 */
export function otherIncidentBody(v: TOtherIncidentForm): TOtherIncidentInput {
  const body: TOtherIncidentInput = { name: v.name.trim(), space: v.area || v.establishment, draft: Boolean(v.draft) };
  const optional = {
    description: text(v.description),
    facility: text(v.facility),
    type: text(v.type),
    category: text(v.category),
    reportedBy: text(v.reportedBy),
    detectedBy: text(v.detectedBy),
    priority: v.priority || undefined,
    riskLevel: v.riskLevel || undefined,
    openDate: v.openDate || undefined,
    responsible: v.responsible || undefined,
  };
  for (const [key, value] of Object.entries(optional)) if (value !== undefined) Object.assign(body, { [key]: value });
  return body;
}
