import { Flex, Image, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TQuestionnaire } from '@audit/domain/audits';

/** The incident-and-emergency questionnaire, grouped by its section titles, with its sent state. */
export function QuestionnaireBlock({ questionnaire }: { questionnaire: TQuestionnaire }) {
  const { t } = useTranslation();
  const groups = new Map<string, TQuestionnaire['questionsAnswers']>();
  for (const qa of questionnaire.questionsAnswers) groups.set(qa.sectionTitle, [...(groups.get(qa.sectionTitle) ?? []), qa]);
  return (
    <Flex vertical gap={12} data-testid="report-questionnaire">
      <Tag color={questionnaire.sent ? 'green' : 'default'} style={{ alignSelf: 'flex-start' }}>
        {t(questionnaire.sent ? 'report.questionnaire.sent' : 'report.questionnaire.notSent')}
      </Tag>
      {[...groups].map(([title, answers]) => (
        <div key={title}>
          <Typography.Text strong>{title}</Typography.Text>
          {answers.map((qa) => (
            <div key={qa._id} className="report-question" style={{ marginTop: 8 }}>
              <Typography.Text>{qa.question}</Typography.Text>
              <Typography.Paragraph style={{ margin: '6px 0 0', whiteSpace: 'pre-wrap' }} type={qa.answer ? undefined : 'secondary'} italic={!qa.answer}>
                {qa.answer || t('report.noAnswer')}
              </Typography.Paragraph>
              {qa.images.length > 0 && (
                <Image.PreviewGroup>
                  <Flex gap={8} wrap style={{ marginTop: 6 }}>
                    {qa.images.map((img) => (
                      <Image key={img._id} src={img.url} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 6 }} alt={qa.question} />
                    ))}
                  </Flex>
                </Image.PreviewGroup>
              )}
            </div>
          ))}
        </div>
      ))}
    </Flex>
  );
}
