import { useState } from 'react';
import { Select } from 'antd';
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
}

/**
 * Reading registry: a table of places by readings on desktop; below 992 px a place selector with
 * that place's readings listed (product document, section 2). A reading outside its option's range
 * is marked (isReadingCompliant); it does not fail the question.
 */
export function ReadingRegistry({ question, disabled, onSave }: TProps) {
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
                {p.place}
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

function RangeHint({ option }: { option: TReadingOption }) {
  if (option.operation === 'noFormat') return null;
  return (
    <span className="run-reading-hint">{t(`auditRun.reading.range.${option.operation}`, { min: option.minValue ?? 0, max: option.maxValue ?? 999999 })}</span>
  );
}
