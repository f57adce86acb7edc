import { Table, Tag, Typography } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isReadingCompliant, type TAuditQuestion } from '@audit/domain/audits';
import { optionColor } from '@audit/domain/answer-score';
import { dateValueText } from '@audit/domain/dates';
import { useReportZone } from './reportZone';
import { formatNumber } from './reportFormat';

/** A reading registry answer: one row per place, one column per reading (with its unit). */
function Readings({ question }: { question: TAuditQuestion }) {
  const { t, i18n } = useTranslation();
  const config = question.readingRegistry;
  const answer = question.answer?.templateAnswer;
  if (!config || answer?.type !== 'readingRegistry') return null;
  const valueOf = (place: string, key: string) => answer.readingRegistry.find((r) => r.placesMeasure === place && r.optionKey === key)?.value ?? null;
  const columns = [
    { key: 'place', title: t('report.readings.place'), render: (_: unknown, p: (typeof config.placesMeasure)[number]) => p.label || p.place },
    ...config.options.map((o) => ({
      key: o.key,
      title: `${o.label} (${t(`report.measure.${o.measure}`)})`,
      align: 'right' as const,
      render: (_: unknown, p: (typeof config.placesMeasure)[number]) => {
        const value = valueOf(p._id, o.key);
        if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
        const ok = isReadingCompliant(o, value);
        return (
          <Typography.Text type={ok ? undefined : 'danger'} strong={!ok}>
            {!ok && <WarningFilled aria-label={t('report.readings.outOfRange')} />} {formatNumber(value, i18n.language)}
          </Typography.Text>
        );
      },
    })),
  ];
  return (
    <Table
      size="small"
      rowKey="_id"
      pagination={false}
      columns={columns}
      dataSource={config.placesMeasure}
      scroll={{ x: 'max-content' }}
      className="report-readings"
    />
  );
}

/** The answer as the auditor gave it: chosen options in their colours, a number, a text or the readings. */
export function AnswerView({ question }: { question: TAuditQuestion }) {
  const { t, i18n } = useTranslation();
  const zone = useReportZone();
  const answer = question.answer?.templateAnswer;
  const none = (
    <Typography.Text type="secondary" italic>
      {t('report.noAnswer')}
    </Typography.Text>
  );
  if (!answer) return none;
  switch (answer.type) {
    case 'select': {
      const chosen = (question.select?.options ?? []).filter((o) => answer.select.includes(o._id));
      return chosen.length ? (
        <span>
          {chosen.map((o) => (
            <Tag key={o._id} color={optionColor(o)} className="report-option">
              {o.label}
            </Tag>
          ))}
        </span>
      ) : (
        none
      );
    }
    case 'number':
      return answer.number === null ? none : <Typography.Text strong>{formatNumber(answer.number, i18n.language)}</Typography.Text>;
    case 'text':
      // A date (a date question's answer) reads DD-MM-YYYY, as the PDF writes it (dateValueText).
      return answer.text?.trim() ? <Typography.Text>{dateValueText(answer.text, zone) ?? answer.text}</Typography.Text> : none;
    case 'paragraph':
      return answer.paragraph?.trim() ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{answer.paragraph}</Typography.Paragraph> : none;
    case 'readingRegistry':
      return <Readings question={question} />;
  }
}
