import type { TIncidentOut, TIncidentPatch } from '@audit/domain/incidents';

/** What the edit form holds. */
export interface TIncidentEditForm {
  name: string;
  description?: string | null;
  priority?: TIncidentPatch['priority'];
  category?: string | null;
  type?: string | null;
  responsible?: string | null;
}

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** The incident's own values as the form edits them (the responsible as its id). */
export const editValuesOf = (i: TIncidentOut): TIncidentEditForm => ({
  name: i.name,
  description: i.description,
  priority: (i.priority as TIncidentPatch['priority']) ?? null,
  category: i.category,
  type: i.type,
  responsible: i.responsible?._id ?? null,
});

/**
 * `PATCH /issues/{id}`'s body: only what changed (each change is one history record), an emptied
 * text or select as null. Empty when nothing changed.
 */
export function incidentPatch(before: TIncidentOut, v: TIncidentEditForm): TIncidentPatch {
  const was = editValuesOf(before);
  const next = {
    name: v.name.trim(),
    description: text(v.description),
    priority: v.priority ?? null,
    category: text(v.category),
    type: text(v.type),
    responsible: v.responsible ?? null,
  };
  const patch: TIncidentPatch = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if ((was[key] ?? null) !== next[key]) Object.assign(patch, { [key]: next[key] });
  }
  return patch;
}
