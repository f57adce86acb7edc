import type { TDay } from '@audit/domain/dates';
import { periodOf, startDateFor } from '../auditFormat';
import type { TAuditorOption, TOption, TServiceOption, TTemplateOption } from '../optionsApi';

/**
 * What the create wizard holds, with the clearing rules of the product document (section 4):
 * changing the client clears establishment, service and auditor; changing the establishment
 * clears the service; a service change drops a template chosen for the previous service.
 * Names ride along with ids so the confirmation step needs no extra calls.
 */
export interface TWizardState {
  client: TOption | null;
  establishment: TOption | null;
  service: TServiceOption | null;
  /** Year and month (month from 0) of the audit. */
  period: { year: number; month: number };
  /** Local calendar days picked, as Dates at local midnight. */
  range: [Date, Date] | null;
  auditor: TAuditorOption | null;
  template: TTemplateOption | null;
}

export type TWizardAction =
  | { type: 'client'; value: TOption | null }
  | { type: 'establishment'; value: TOption | null }
  | { type: 'service'; value: TServiceOption | null }
  | { type: 'period'; value: { year: number; month: number } }
  | { type: 'range'; value: [Date, Date] | null }
  | { type: 'auditor'; value: TAuditorOption | null }
  | { type: 'template'; value: TTemplateOption | null }
  | { type: 'reset'; today: TDay };

/** `today` in the space's time zone: the period starts at its month. */
export const initialWizardState = (today: TDay): TWizardState => ({
  client: null,
  establishment: null,
  service: null,
  period: periodOf(today),
  range: null,
  auditor: null,
  template: null,
});

const same = (a: { _id: string } | null, b: { _id: string } | null) => (a?._id ?? null) === (b?._id ?? null);

export function wizardReducer(state: TWizardState, action: TWizardAction): TWizardState {
  switch (action.type) {
    case 'client':
      return same(state.client, action.value) ? state : { ...state, client: action.value, establishment: null, service: null, auditor: null, template: null };
    case 'establishment':
      return same(state.establishment, action.value) ? state : { ...state, establishment: action.value, service: null, template: null };
    case 'service':
      return same(state.service, action.value) ? state : { ...state, service: action.value, template: null };
    case 'period':
      return { ...state, period: action.value };
    case 'range':
      return { ...state, range: action.value };
    case 'auditor':
      return { ...state, auditor: action.value };
    case 'template':
      return { ...state, template: action.value };
    case 'reset':
      return initialWizardState(action.today);
  }
}

/** The audit's start day (YYYY-MM-DD) for the chosen period: visits cannot be before it. */
export const startDayOf = (s: TWizardState, today: TDay) => startDateFor(s.period.year, s.period.month, today).slice(0, 10);

/** Whether the picked visit dates begin before the start day (the server refuses it, AUD0004). */
export function rangeBeforeStart(s: TWizardState, today: TDay): boolean {
  if (!s.range) return false;
  const d = s.range[0];
  const from = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return from < startDayOf(s, today);
}

/** Step 1 is complete when every setting is chosen and the visits start on or after the start day. */
export const settingComplete = (s: TWizardState, today: TDay) =>
  Boolean(s.client && s.establishment && s.service && s.range && s.auditor) && !rangeBeforeStart(s, today);
