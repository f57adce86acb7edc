import { memo } from 'react';
import { Flex, Image, Typography } from 'antd';
import { MessageOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TAuditQuestion } from '@audit/domain/audits';
import { AnswerView } from './AnswerView';
import { IssueList } from './IssueList';
import { questionAnchor } from './questionAnchor';

/** One question of the report: its answer, the auditor's note and images, and its issues. Memoised: a section's turn renders its own questions only. */
export const QuestionBlock = memo(function QuestionBlock({ question, index }: { question: TAuditQuestion; index: number }) {
  const { t } = useTranslation();
  return (
    <article
      className="report-question"
      data-testid="report-question"
      id={questionAnchor(question._id)}
      data-template-question={question.templateQuestion ?? undefined}
    >
      {/* A failed answer shows in its option's colour and its issues; no extra badge. */}
      <Typography.Text strong className="report-question-name">
        {index}. {question.name}
      </Typography.Text>
      {question.description && (
        <Typography.Paragraph type="secondary" style={{ margin: '2px 0 0', fontSize: 13 }}>
          {question.description}
        </Typography.Paragraph>
      )}
      <div className="report-answer">
        <AnswerView question={question} />
      </div>
      {(question.note || question.noteImages.length > 0) && (
        <div className="report-note">
          {question.note && (
            <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
              <MessageOutlined aria-label={t('report.note')} /> {question.note}
            </Typography.Paragraph>
          )}
          {question.noteImages.length > 0 && (
            <Image.PreviewGroup>
              <Flex gap={8} wrap style={{ marginTop: 6 }}>
                {question.noteImages.map((img) => (
                  <Image key={img._id} src={img.url} width={96} height={96} style={{ objectFit: 'cover', borderRadius: 6 }} alt={t('report.noteImage')} />
                ))}
              </Flex>
            </Image.PreviewGroup>
          )}
        </div>
      )}
      <IssueList issues={question.issues} />
    </article>
  );
});
