import { Tag, Typography } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isReadingCompliant, type TAuditQuestion } from '@audit/domain/audits';
import { optionColor } from '@audit/domain/answer-score';
import { dateValueText } from '@audit/domain/dates';
import { useReportZone } from './reportZone';
import { formatNumber } from './reportFormat';

/**
 * A reading registry answer: one row per place, one column per reading (with its unit). A plain
 * table drawn like antd's small one: antd's Table measures its columns on the page when it mounts
 * (a forced layout per table), and a report has dozens of these (decision 0102).
 */
function Readings({ question }: { question: TAuditQuestion }) {
  const { t, i18n } = useTranslation();
  const config = question.readingRegistry;
  const answer = question.answer?.templateAnswer;
  if (!config || answer?.type !== 'readingRegistry') return null;
  const valueOf = (place: string, key: string) => answer.readingRegistry.find((r) => r.placesMeasure === place && r.optionKey === key)?.value ?? null;
  const cell = (place: string, option: (typeof config.options)[number]) => {
    const value = valueOf(place, option.key);
    if (value === null) return <Typography.Text type="secondary">—</Typography.Text>;
    const ok = isReadingCompliant(option, value);
    return (
      <Typography.Text type={ok ? undefined : 'danger'} strong={!ok}>
        {!ok && <WarningFilled aria-label={t('report.readings.outOfRange')} />} {formatNumber(value, i18n.language)}
      </Typography.Text>
    );
  };
  return (
    <div className="report-readings">
      <table>
        <thead>
          <tr>
            <th scope="col">{t('report.readings.place')}</th>
            {config.options.map((o) => (
              <th key={o.key} scope="col" className="is-number">
                {`${o.label} (${t(`report.measure.${o.measure}`)})`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {config.placesMeasure.map((p) => (
            <tr key={p._id}>
              <td>{p.label || p.place}</td>
              {config.options.map((o) => (
                <td key={o.key} className="is-number">
                  {cell(p._id, o)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
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
