import { Button, Checkbox, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { ClockCircleOutlined, CloudUploadOutlined, CopyOutlined, WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TLogEntryOut, TRegisterItemOut } from '@audit/domain/registers';
import { shortDay, valueText } from './logFormat';
import { isQueuedEntry, type TRegisterLog } from './offline/logChanges';

export const takeKey = (t: { slot: string; take: number }) => `${t.slot}#${t.take}`;

interface TProps {
  log: TRegisterLog;
  selectedTake: string | null;
  onSelectTake: (key: string) => void;
  selectedFacilities: string[];
  onSelectFacilities: (ids: string[]) => void;
}

type TRow = TRegisterLog['grid']['facilities'][number];

/**
 * The log of a period: a row per facility, a column per due take. A cell shows the values, the
 * out-of-range mark (colour and text), late, repeated (staff) and "not sent yet" marks; an empty
 * due cell says pending. A column header picks the take to enter; a row's box picks the facility.
 */
export function LogGrid({ log, selectedTake, onSelectTake, selectedFacilities, onSelectFacilities }: TProps) {
  const { t, i18n } = useTranslation();
  const { grid } = log;
  const params = new Map<string, TRegisterItemOut>(grid.sections.flatMap((s) => s.params).map((p) => [p._id, p]));
  const late = new Set(grid.flags.late);
  const repeated = new Set((grid.flags.repeated ?? []).flatMap((r) => r.entries));
  const byCell = new Map<string, TLogEntryOut>(grid.entries.map((e) => [`${e.facility}|${takeKey(e)}`, e]));
  const several = grid.takes.some((k) => k.take > 1);
  const closedDays = new Set(grid.closedDays);

  const cell = (facility: string, key: string) => {
    const entry = byCell.get(`${facility}|${key}`);
    if (!entry) return <Typography.Text type="secondary">{t('registerLogs.cell.pending')}</Typography.Text>;
    const shown = entry.completed
      ? t('registerLogs.cell.completedByHand')
      : entry.values
          .map((v) => valueText(params.get(v.param), v.value, i18n.language))
          .filter(Boolean)
          .join(' · ');
    return (
      <div className="register-log-cell" data-testid={`cell-${facility}-${key}`}>
        <span className={entry.outOfRange ? 'register-log-out' : undefined}>
          {entry.outOfRange && <WarningFilled aria-hidden />} {shown}
        </span>
        {entry.outOfRange && <Tag color="red">{t('registerLogs.flags.outOfRange')}</Tag>}
        {late.has(entry._id) && (
          <Tag color="orange" icon={<ClockCircleOutlined />}>
            {t('registerLogs.flags.late')}
          </Tag>
        )}
        {repeated.has(entry._id) && (
          <Tag color="purple" icon={<CopyOutlined />}>
            {t('registerLogs.flags.repeated')}
          </Tag>
        )}
        {isQueuedEntry(entry) && (
          <Tag color="blue" icon={<CloudUploadOutlined />}>
            {t('registerLogs.flags.queued')}
          </Tag>
        )}
        {entry.enteredBy?.name && <div className="register-log-who">{entry.enteredBy.name}</div>}
      </div>
    );
  };

  const allChecked = grid.facilities.length > 0 && grid.facilities.every((f) => selectedFacilities.includes(f._id));
  const columns: ColumnType<TRow>[] = [
    {
      key: 'facility',
      fixed: 'left',
      width: 130,
      title: (
        <Checkbox
          checked={allChecked}
          indeterminate={!allChecked && selectedFacilities.length > 0}
          onChange={(e) => onSelectFacilities(e.target.checked ? grid.facilities.map((f) => f._id) : [])}
        >
          {t('registerLogs.facility')}
        </Checkbox>
      ),
      render: (_, f) => (
        <Checkbox
          checked={selectedFacilities.includes(f._id)}
          onChange={(e) => onSelectFacilities(e.target.checked ? [...selectedFacilities, f._id] : selectedFacilities.filter((id) => id !== f._id))}
        >
          {f.name}
        </Checkbox>
      ),
    },
    ...grid.takes.map<ColumnType<TRow>>((take) => {
      const key = takeKey(take);
      const label = `${shortDay(take.slot)}${several ? ` · ${take.take}` : ''}`;
      return {
        key,
        width: 120,
        className: key === selectedTake ? 'register-log-selected' : undefined,
        title: (
          <Button
            size="small"
            type={key === selectedTake ? 'primary' : 'text'}
            aria-pressed={key === selectedTake}
            aria-label={t('registerLogs.pickTake', { day: label })}
            onClick={() => onSelectTake(key)}
          >
            {label}
            {closedDays.has(take.slot) ? ` 🔒` : ''}
          </Button>
        ),
        render: (_, f) => cell(f._id, key),
      };
    }),
  ];

  return (
    <Table<TRow>
      className="register-log-grid"
      size="small"
      bordered
      rowKey={(f) => f._id}
      columns={columns}
      dataSource={grid.facilities}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('registerLogs.noFacilities') }}
    />
  );
}
