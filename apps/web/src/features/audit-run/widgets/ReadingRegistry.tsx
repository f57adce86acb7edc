import { useState } from 'react';
import { Select, Typography } from 'antd';
import { isReadingCompliant, type TAuditQuestion, type TReadingOption } from '@audit/domain/audits';
import { useViewport } from '../../../ui/useViewport';
import { readingBound } from '@audit/domain/bounds';
import { DecimalInput } from './DecimalInput';
import { t } from '../runI18n';

export type TReading = { placesMeasure: string; optionKey: string; value: number | null };

interface TProps {
  question: TAuditQuestion;
  disabled: boolean;
  onSave: (readings: TReading[]) => void;
  /** Renames a place in this audit (product document section 4); absent or disabled: names are read-only. */
  onRenamePlace?: (placeId: string, name: string) => void;
}

/**
 * Reading registry: a table of places by readings on desktop; below 992 px a place selector with
 * that place's readings listed (product document, section 2). A reading outside its option's range
 * is marked (isReadingCompliant); it does not fail the question. A place's name is edited in place
 * while the audit runs (section 4: saved to the audit's question).
 */
export function ReadingRegistry({ question, disabled, onSave, onRenamePlace }: TProps) {
  const { isCompact } = useViewport();
  const config = question.readingRegistry;
  const places = config?.placesMeasure ?? [];
  const [placeId, setPlaceId] = useState(places[0]?._id);
  if (!config || !places.length || !config.options.length) return <div className="run-muted">{t('auditRun.reading.empty')}</div>;
  const answer = question.answer?.templateAnswer;
  const readings: TReading[] = answer?.type === 'readingRegistry' ? answer.readingRegistry : [];
  const valueOf = (place: string, key: string) => readings.find((r) => r.placesMeasure === place && r.optionKey === key)?.value ?? null;
  // A value edit saves only when the number changed (product document, section 4).
  const save = (place: string, key: string, value: number | null) => {
    if (valueOf(place, key) === value) return;
    const rest = readings.filter((r) => !(r.placesMeasure === place && r.optionKey === key));
    onSave(value === null ? rest : [...rest, { placesMeasure: place, optionKey: key, value }]);
  };
  const cell = (place: { _id: string; place: string }, option: TReadingOption, label: string) => (
    <DecimalInput
      value={valueOf(place._id, option.key)}
      disabled={disabled}
      compliant={(v) => isReadingCompliant(option, v)}
      bound={readingBound(option.measure)}
      onSave={(v) => save(place._id, option.key, v)}
      aria-label={label}
    />
  );
  const rename = !disabled && onRenamePlace ? onRenamePlace : undefined;
  const placeName = (p: { _id: string; place: string }) => <PlaceName key={`${p._id}:${p.place}`} placeId={p._id} name={p.place} onRename={rename} />;
  const heading = (option: TReadingOption) => (
    <span className="run-reading-head">
      <span>
        {option.label} <span className="run-muted">({t(`auditRun.units.${option.measure}`)})</span>
      </span>
      <RangeHint option={option} />
    </span>
  );

  if (isCompact) {
    const place = places.find((p) => p._id === placeId) ?? places[0]!;
    return (
      <div className="run-reading-compact">
        <Select
          value={place._id}
          onChange={setPlaceId}
          options={places.map((p) => ({ value: p._id, label: p.label ? `${p.place} · ${p.label}` : p.place }))}
          aria-label={t('auditRun.reading.place')}
          style={{ width: '100%' }}
        />
        {rename && (
          <div className="run-reading-row">
            <span className="run-muted">{t('auditRun.reading.placeName')}</span>
            {placeName(place)}
          </div>
        )}
        {config.options.map((option) => (
          <div key={option.key} className="run-reading-row">
            {heading(option)}
            {cell(place, option, `${place.place} · ${option.label}`)}
          </div>
        ))}
      </div>
    );
  }
  // A plain table: antd's Table measures its cells on mount, which forces a layout of the whole page.
  return (
    <div className="run-reading-scroll">
      <table className="run-reading-table">
        <thead>
          <tr>
            <th scope="col">{t('auditRun.reading.place')}</th>
            {config.options.map((option) => (
              <th key={option.key} scope="col">
                {heading(option)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {places.map((p) => (
            <tr key={p._id}>
              <th scope="row">
                {placeName(p)}
                {p.label && <span className="run-muted"> · {p.label}</span>}
              </th>
              {config.options.map((option) => (
                <td key={option.key}>{cell(p, option, `${p.place} · ${option.label}`)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A place's name; editable (pencil, Enter saves, Esc cancels) when the audit may be run. */
function PlaceName({ placeId, name, onRename }: { placeId: string; name: string; onRename?: (placeId: string, name: string) => void }) {
  if (!onRename) return <>{name}</>;
  return (
    <Typography.Text
      className="run-place-name"
      editable={{
        maxLength: 200,
        triggerType: ['icon', 'text'],
        tooltip: t('auditRun.reading.renamePlace'),
        text: name,
        onChange: (value) => {
          if (value.trim() && value.trim() !== name) onRename(placeId, value);
        },
      }}
      data-testid={`reading-place-${placeId}`}
    >
      {name}
    </Typography.Text>
  );
}

function RangeHint({ option }: { option: TReadingOption }) {
  if (option.operation === 'noFormat') return null;
  return (
    <span className="run-reading-hint">{t(`auditRun.reading.range.${option.operation}`, { min: option.minValue ?? 0, max: option.maxValue ?? 999999 })}</span>
  );
}
