import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LAB_STATUS_COLOURS, type TLabIncidentStatus } from '@audit/domain/lab-data';

/** Qualified (green) or not (red): the report's verdict. */
export function QualifiedTag({ qualified }: { qualified: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={qualified ? 'green' : 'red'} data-testid="qualified-tag">
      {t(qualified ? 'labData.qualified' : 'labData.notQualified')}
    </Tag>
  );
}

export function LabStatusTag({ status }: { status: TLabIncidentStatus }) {
  const { t } = useTranslation();
  return (
    <Tag color={LAB_STATUS_COLOURS[status]} data-testid="lab-status-tag">
      {t(`labData.status.${status}`)}
    </Tag>
  );
}

/** "≤ 1000", "50 – 60", "≥ 7,2": a result's limits in the reader's language. */
export function limitsText(min: number | null, max: number | null, language: string) {
  const n = (v: number) => v.toLocaleString(language === 'en' ? 'en-GB' : 'es-ES', { maximumFractionDigits: 4 });
  if (min !== null && max !== null) return `${n(min)} – ${n(max)}`;
  if (max !== null) return `≤ ${n(max)}`;
  if (min !== null) return `≥ ${n(min)}`;
  return '—';
}
export const valueText = (v: number, language: string) => v.toLocaleString(language === 'en' ? 'en-GB' : 'es-ES', { maximumFractionDigits: 4 });
