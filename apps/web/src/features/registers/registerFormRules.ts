import type { TRegister } from './registersApi';
import type { TOption } from './registerFormApi';

/** The form's values: 'all' is kept as the one-item list ['all'] so a multiple select can show it. */
export interface TRegisterFormValues {
  name: string;
  areaAccess?: string;
  classification: string;
  template?: string;
  client?: string;
  establishments?: string[];
  areas?: string[];
  typologies?: string[];
  category?: string;
  period?: string;
  frequency?: string;
  takesPerDay: number;
  manualCompletion: boolean;
  dailyDisabled: boolean;
  description?: string | null;
}
export const ALL = 'all';

/** Once a register has data only these change (decision 0031). */
export const EDITABLE_WITH_DATA = ['name', 'areas', 'description'] as const;

/** Choosing "all" replaces the other choices; choosing one after "all" drops "all". */
export function withAll(next: string[] | undefined, previous: string[] | undefined): string[] | undefined {
  if (!next?.length) return next;
  const added = next.filter((v) => !previous?.includes(v));
  if (added.includes(ALL)) return [ALL];
  return next.length > 1 ? next.filter((v) => v !== ALL) : next;
}

/** The areas a register may name: of the chosen establishments (of every establishment of the client with "all"). */
export function areasFor(areas: TOption[], establishments: string[] | undefined) {
  if (!establishments?.length) return [];
  if (establishments.includes(ALL)) return areas;
  return areas.filter((a) => a.parent && establishments.includes(a.parent));
}

/**
 * The clearing rules of product document section 5: a new client clears establishments and areas;
 * clearing establishments clears areas (and a narrower choice drops the areas outside it); a new
 * area access (the facility type) clears areas; typologies only for measurement; several takes a
 * day only for a daily frequency.
 */
export function followChanges(changed: Partial<TRegisterFormValues>, values: TRegisterFormValues, allAreas: TOption[]): Partial<TRegisterFormValues> {
  const out: Partial<TRegisterFormValues> = {};
  if ('client' in changed) {
    out.establishments = [];
    out.areas = [];
  }
  if ('establishments' in changed) {
    const allowed = new Set(areasFor(allAreas, changed.establishments).map((a) => a._id));
    out.areas = changed.establishments?.length ? (values.areas ?? []).filter((a) => a === ALL || allowed.has(a)) : [];
  }
  if ('areaAccess' in changed) out.areas = [];
  if (changed.classification && changed.classification !== 'measurement') out.typologies = [];
  if (changed.frequency && changed.frequency !== 'daily') out.takesPerDay = 1;
  return out;
}

const fromAll = (value: TRegister['establishments']) => (value === 'all' ? [ALL] : value.map((v) => v._id));
export const toFormValues = (r: TRegister): TRegisterFormValues => ({
  name: r.name,
  areaAccess: r.areaAccess,
  classification: r.classification,
  template: r.template._id,
  client: r.client._id,
  establishments: fromAll(r.establishments),
  areas: fromAll(r.areas),
  typologies: r.typologies.map((t) => t._id),
  category: r.category?._id,
  period: r.period,
  frequency: r.frequency,
  takesPerDay: r.takesPerDay,
  manualCompletion: r.manualCompletion,
  dailyDisabled: r.dailyDisabled,
  description: r.description,
});
export const toAll = (value: string[] | undefined): 'all' | string[] => (value?.includes(ALL) ? 'all' : (value ?? []));
