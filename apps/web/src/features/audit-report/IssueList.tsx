import { Flex, Image, Tag, Typography } from 'antd';
import { CheckSquareOutlined, BorderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RISK_COLORS } from '@audit/domain/constants';
import type { TAuditIssue } from '@audit/domain/audits';
import { IssueActions } from './IssueActions';
import { issueKey, useActionsByIssue } from './correctiveActions';
import { deductionTagKey, useAppliedDeduction } from './deduction';

/** The selected issues of a question: risk, name, description, deduction, tasks, evidence photos and (signed in) the corrective actions with their age. */
export function IssueList({ issues }: { issues: TAuditIssue[] }) {
  const { t } = useTranslation();
  const applied = useAppliedDeduction();
  const actions = useActionsByIssue();
  const selected = issues.filter((i) => i.selected);
  if (!selected.length) return null;
  return (
    <div className="report-issues">
      {selected.map((issue) => (
        <div key={issue._id} className="report-issue" style={{ borderLeftColor: RISK_COLORS[issue.riskLevel] }} data-testid="report-issue">
          <Flex gap={6} wrap align="center">
            <Tag variant="solid" color={RISK_COLORS[issue.riskLevel]} style={{ color: issue.riskLevel === 'low' ? '#5c4700' : '#fff' }}>
              {t(`report.riskLevel.${issue.riskLevel}`)}
            </Tag>
            <Typography.Text strong>{issue.name}</Typography.Text>
            {issue.solvedInPlace && <Tag color="green">{t('report.issue.solvedInPlace')}</Tag>}
            {issue.deductionPercentage > 0 && !issue.solvedInPlace && (
              <Tag color={issue._id === applied ? 'red' : undefined} data-testid="report-deduction">
                {t(deductionTagKey(issue._id, applied), { value: issue.deductionPercentage })}
              </Tag>
            )}
          </Flex>
          {issue.description && <Typography.Paragraph style={{ margin: '6px 0 0', whiteSpace: 'pre-wrap' }}>{issue.description}</Typography.Paragraph>}
          {issue.tasks.length > 0 && (
            <div className="report-tasks">
              <Typography.Text type="secondary">{t('report.issue.tasks')}</Typography.Text>
              <ul>
                {issue.tasks.map((task) => (
                  <li key={task._id}>
                    {task.selected ? (
                      <CheckSquareOutlined style={{ color: '#0b6e5f' }} aria-label={t('report.issue.taskDone')} />
                    ) : (
                      <BorderOutlined aria-label={t('report.issue.taskPending')} />
                    )}{' '}
                    {task.name}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {issue.evidences.length > 0 && (
            <Image.PreviewGroup>
              <Flex gap={8} wrap style={{ marginTop: 8 }}>
                {issue.evidences.map((e) => (
                  <figure key={e._id} className="report-photo">
                    <Image src={e.url} width={96} height={96} style={{ objectFit: 'cover' }} alt={e.observation ?? issue.name} />
                    {e.observation && <figcaption>{e.observation}</figcaption>}
                  </figure>
                ))}
              </Flex>
            </Image.PreviewGroup>
          )}
          {actions && <IssueActions linked={actions.get(issueKey(issue.question, issue.name)) ?? null} />}
        </div>
      ))}
    </div>
  );
}
