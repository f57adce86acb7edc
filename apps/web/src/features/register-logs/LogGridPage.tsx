import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Select, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { dayInZone } from '@audit/domain/dates';
import { inCurrentPeriod, periodOf, REPEATED_TAKES_DEFAULT, type TAnswerAdd, type TRegisterItemOut } from '@audit/domain/registers';
import { errorMessage } from '../../i18n/errorMessage';
import { SyncFailures } from '../../offline/SyncFailures';
import { useResourceSync } from '../../offline/useResourceSync';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { ConflictDialog } from './ConflictDialog';
import { LogGrid, takeKey } from './LogGrid';
import { LogHeader } from './LogHeader';
import { localNumber, shortDay } from './logFormat';
import { saveTake, useRegisterLog } from './logsApi';
import { takeLeftSaves } from './offline/journal';
import { registerLogResource } from './offline/registerResource';
import { emptyDraft, TakeForm, type TFacilityDraft } from './TakeForm';
import { useTakeSave } from './useTakeSave';
import './registerLogs.css';

const localToday = () => dayInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);

/**
 * /registers/log/:id: the log of a register's period (decision 0031, 0036). Pick a take column and
 * facilities, type the values (comma decimals; out of limits shown at once), save after the checks
 * (§5: a column, at least one facility, the current period unless staff correct it, else RCL0001),
 * the conflict dialog on a stored take. Works offline: the current period is kept on the device.
 */
export function LogGridPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const date = search.get('date') ?? undefined;
  const [repeatTakes, setRepeatTakes] = useState(REPEATED_TAKES_DEFAULT);
  const view = { date, repeatTakes: repeatTakes === REPEATED_TAKES_DEFAULT ? undefined : repeatTakes };
  const query = useRegisterLog(id, view);
  const reload = () => query.refetch();
  const resource = registerLogResource(id);
  useResourceSync(resource, reload);
  const save = useTakeSave(id, reload);

  const [selectedTake, setSelectedTake] = useState<string | null>(null);
  const [selectedFacilities, setSelectedFacilities] = useState<string[]>([]);
  const [drafts, setDrafts] = useState<Record<string, TFacilityDraft>>({});
  const [fieldValues, setFieldValues] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const today = localToday();
  const log = query.data;

  // Saves an earlier page left unsettled (a tab killed before the queue had them): saved again, once.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    // Only what pages now gone left, each with the key it was first sent with (decision 0066).
    void takeLeftSaves(id).then((left) => {
      if (left.length) void Promise.allSettled(left.map(({ value, key }) => saveTake(id, value, key ?? undefined))).then(() => query.refetch());
    });
  }, [id, query]);

  // The take to enter first: the first due take of the latest day with a facility missing, else the last.
  // Chosen again when the shown period lacks the chosen take (another period was opened).
  useEffect(() => {
    if (!log || (selectedTake && log.grid.takes.some((k) => takeKey(k) === selectedTake))) return;
    const stored = new Set(log.grid.entries.map((e) => `${e.facility}|${takeKey(e)}`));
    const open = [...log.grid.takes].reverse().find((k) => log.grid.facilities.some((f) => !stored.has(`${f._id}|${takeKey(k)}`)));
    const chosen = open ?? log.grid.takes[log.grid.takes.length - 1];
    setSelectedTake(chosen ? takeKey(chosen) : null);
  }, [log, selectedTake]);

  const params = useMemo(() => (log ? log.grid.sections.flatMap((s) => s.params) : []), [log]);
  const fields = useMemo(() => (log ? log.grid.sections.flatMap((s) => s.fields) : []), [log]);
  const paramMap = useMemo(() => new Map<string, TRegisterItemOut>(params.map((p) => [p._id, p])), [params]);

  if (query.isPending) return <PageSkeleton />;
  if (query.isError && !log) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!log) return null;

  const { register, grid } = log;
  const facilityNames = new Map(grid.facilities.map((f) => [f._id, f.name]));
  const take = grid.takes.find((k) => takeKey(k) === selectedTake) ?? null;
  const chosen = grid.facilities.filter((f) => selectedFacilities.includes(f._id));
  const canWrite = register.can.write;

  const onDate = (next: string | undefined) => {
    const current = next && periodOf(register.period, next)[0] === periodOf(register.period, today)[0];
    setSearch(next && !current ? { date: next } : {}, { replace: true });
  };

  /** The rules of §5 before anything is sent; null when the save may go. */
  const ruleProblem = (): string | null => {
    if (!take) return t('registerLogs.rules.pickTake');
    if (take.slot > today) return t('registerLogs.rules.future');
    if (!chosen.length) return t('registerLogs.rules.pickFacility');
    if (grid.closed || (grid.closedDays.includes(take.slot) && !register.dailyDisabled)) return t('alert.error.BADREQUESTERROR.RCL0001');
    if (!register.can.correct && !inCurrentPeriod(register.period, take.slot, today)) return t('alert.error.BADREQUESTERROR.RCL0001');
    const empty = chosen.find((f) => {
      const d = drafts[f._id] ?? emptyDraft();
      return !d.completed && !Object.values(d.values).some((v) => v.trim());
    });
    if (empty) return t('registerLogs.rules.noValues', { facility: empty.name });
    return null;
  };

  const bodyOf = (force: boolean): TAnswerAdd => ({
    date: take!.slot,
    take: take!.take,
    force,
    fields: Object.entries(fieldValues)
      .filter(([, v]) => v.trim())
      .map(([field, value]) => ({ field, value })),
    facilities: chosen.map((f) => {
      const d = drafts[f._id] ?? emptyDraft();
      return {
        _id: f._id,
        completed: d.completed,
        reason: d.completed ? d.reason || null : null,
        values: d.completed
          ? []
          : Object.entries(d.values)
              .filter(([, v]) => v.trim())
              .map(([param, value]) => ({ param, value: value.trim() })),
      };
    }),
  });

  const onSave = async (force = false) => {
    const found = ruleProblem();
    setProblem(found);
    if (found) return;
    if (await save.submit(bodyOf(force))) {
      setDrafts({});
      setFieldValues({});
      setSelectedFacilities([]);
    }
  };

  const recover = () => {
    const next: Record<string, TFacilityDraft> = { ...drafts };
    for (const e of save.conflict?.stored ?? []) {
      const values = Object.fromEntries(
        e.values.map((v) => [v.param, typeof v.value === 'number' ? localNumber(v.value, navigator.language) : String(v.value ?? '')]),
      );
      next[e.facility] = { values, completed: e.completed, reason: e.reason ?? '' };
    }
    setDrafts(next);
    save.closeConflict();
  };

  return (
    <Flex vertical gap={12} className="register-log-page">
      <LogHeader
        log={log}
        day={take?.slot ?? null}
        today={today}
        onDate={onDate}
        repeatTakes={grid.flags.repeatTakes}
        onRepeatTakes={setRepeatTakes}
        reload={reload}
      />
      <SyncFailures resource={resource} data={log} onOpen={() => undefined} />
      <LogGrid
        log={log}
        selectedTake={selectedTake}
        onSelectTake={setSelectedTake}
        selectedFacilities={selectedFacilities}
        onSelectFacilities={setSelectedFacilities}
      />
      {canWrite && (
        <Card size="small" title={take ? t('registerLogs.entryTitle', { day: shortDay(take.slot), take: take.take }) : t('registerLogs.rules.pickTake')}>
          <Flex vertical gap={12}>
            {grid.takes.length > 0 && (
              <Select
                aria-label={t('registerLogs.takeColumn')}
                value={selectedTake ?? undefined}
                onChange={setSelectedTake}
                options={grid.takes.map((k) => ({
                  value: takeKey(k),
                  label: `${shortDay(k.slot)}${k.take > 1 || register.takesPerDay > 1 ? ` · ${k.take}` : ''}`,
                }))}
              />
            )}
            {chosen.length === 0 ? (
              <Typography.Text type="secondary">{t('registerLogs.rules.pickFacility')}</Typography.Text>
            ) : (
              <TakeForm
                facilities={chosen}
                params={params}
                fields={fields}
                drafts={drafts}
                onDraft={(facility, draft) => setDrafts((d) => ({ ...d, [facility]: draft }))}
                fieldValues={fieldValues}
                onField={(field, value) => setFieldValues((v) => ({ ...v, [field]: value }))}
                manualCompletion={register.manualCompletion}
              />
            )}
            {problem && <Alert type="warning" showIcon message={problem} role="alert" />}
            {Boolean(save.error) && <Alert type="error" showIcon message={errorMessage(save.error)} role="alert" closable onClose={save.clearError} />}
            <Button type="primary" icon={<SaveOutlined />} loading={save.saving} onClick={() => void onSave()} block>
              {t('registerLogs.save')}
            </Button>
          </Flex>
        </Card>
      )}
      <ConflictDialog
        conflict={save.conflict}
        facilities={facilityNames}
        params={paramMap}
        saving={save.saving}
        onCancel={save.closeConflict}
        onRecover={recover}
        onOverwrite={() => void onSave(true)}
      />
    </Flex>
  );
}
