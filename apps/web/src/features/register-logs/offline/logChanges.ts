import {
  isWithinLimits,
  parseMeasure,
  takeSlotOf,
  type TAnswerAdd,
  type TFacilityDataOut,
  type TLogEntryOut,
  type TRegisterOut,
} from '@audit/domain/registers';
import { registerCalls } from '@audit/domain/calls/registers';
import type { TOperation } from '@audit/domain/templates';
import { commandMap, on, type TChange } from '../../../offline/commands';
import type { TChangeSubject, TCommand } from '../../../offline/records';

/**
 * A register's log on the device (offline layer, decision 0021; decision 0036): the register and
 * the grid of its current period. Changes are the saves of takes (registers.addAnswer): a queued one is
 * shown as entered (marked `queued`), an accepted one as the server answered it.
 */
export interface TRegisterLog {
  register: TRegisterOut;
  grid: TFacilityDataOut;
}

/** An entry the device shows before the server has it: its id starts with this. */
export const QUEUED_ENTRY = 'queued-';
export const isQueuedEntry = (entry: Pick<TLogEntryOut, '_id'>) => entry._id.startsWith(QUEUED_ENTRY);

const sameTake = (a: Pick<TLogEntryOut, 'facility' | 'slot' | 'take'>, b: Pick<TLogEntryOut, 'facility' | 'slot' | 'take'>) =>
  a.facility === b.facility && a.slot === b.slot && a.take === b.take;

/** The params of the grid's template by id (limits for the out-of-range mark of a queued value). */
const paramsOf = (grid: TFacilityDataOut) => new Map(grid.sections.flatMap((s) => s.params).map((p) => [p._id, p]));

/** The entries a queued save would store, as the server would (comma decimals read, limits applied; late is the server's to say). */
export function queuedEntries(log: TRegisterLog, body: TAnswerAdd, change: Pick<TChange, 'key' | 'createdAt'>): TLogEntryOut[] {
  const { register, grid } = log;
  const { slot } = takeSlotOf({ period: register.period, frequency: register.frequency, takesPerDay: register.takesPerDay }, body.date);
  const params = paramsOf(grid);
  return body.facilities.map((f) => {
    const values = (f.values ?? []).map((v) => {
      const param = params.get(v.param);
      const numeric = param && (param.fieldType === 'number' || param.fieldType === 'counter');
      const measure = numeric ? parseMeasure(v.value) : null;
      const outOfRange =
        param?.fieldType === 'number' && measure !== null
          ? !isWithinLimits({ operation: param.operation as TOperation | null, min: param.min, max: param.max }, measure)
          : false;
      return { param: v.param, value: numeric && measure !== null ? measure : v.value, outOfRange };
    });
    return {
      _id: `${QUEUED_ENTRY}${change.key}-${f._id}`,
      facility: f._id,
      date: body.date,
      slot,
      take: body.take ?? 1,
      values,
      fields: body.fields ?? [],
      completed: f.completed ?? false,
      reason: f.reason ?? null,
      outOfRange: values.some((v) => v.outOfRange),
      late: false,
      enteredBy: null,
      enteredAt: change.createdAt,
    };
  });
}

/** The entries with `incoming` in place of any of the same take (facility, slot, take). */
function upsert(entries: TLogEntryOut[], incoming: TLogEntryOut[], replaceStored: boolean): TLogEntryOut[] {
  const kept = entries.filter((e) => !incoming.some((n) => sameTake(e, n) && (replaceStored || isQueuedEntry(e))));
  const added = incoming.filter((n) => replaceStored || !kept.some((e) => sameTake(e, n)));
  return [...kept, ...added];
}

/**
 * Applies a save to the log, without mutating it; idempotent. Accepted: the server's entries
 * replace those of their takes. Queued: shown as entered, except over a take the server already
 * has without `force` (the server will refuse it; the refusal is shown then).
 */
export function applyLogChange(log: TRegisterLog, change: TChange<typeof registerCalls.addAnswer>): TRegisterLog {
  const body = change.command.body as TAnswerAdd;
  const accepted = Array.isArray(change.response) ? change.response : null;
  const incoming = accepted ?? queuedEntries(log, body, change);
  const inPeriod = incoming.filter((e) => e.slot >= log.grid.period[0] && e.slot <= log.grid.period[1]);
  if (!inPeriod.length) return log;
  const entries = upsert(log.grid.entries, inPeriod, Boolean(accepted) || Boolean(body.force));
  return { ...log, grid: { ...log.grid, entries } };
}

/** The log's one call that waits in the queue: the save of a take. */
export const logCommands = commandMap<TRegisterLog>(on(registerCalls.addAnswer, applyLogChange));

/** What a save was about: the facilities (by name) and the take. */
export function describeLogChange(command: TCommand, log: TRegisterLog | null): TChangeSubject {
  if (command.call !== registerCalls.addAnswer.name) return { kind: 'other', label: null, within: null, target: null, targetGroup: null };
  const body = command.body as TAnswerAdd;
  const names = new Map((log?.grid.facilities ?? []).map((f) => [f._id, f.name]));
  const label = body.facilities.map((f) => names.get(f._id) ?? f._id).join(', ');
  return { kind: 'take', label, within: `${body.date} #${body.take ?? 1}`, target: body.date, targetGroup: null };
}
