import { useState } from 'react';
import { Button, Checkbox } from 'antd';
import { DownOutlined, RightOutlined } from '@ant-design/icons';
import type { TAuditIssue, TIncidence } from '@audit/domain/audits';
import { RISK_COLORS } from '@audit/domain/constants';
import { ImageStrip } from './ImageStrip';
import { useRun } from './RunContext';
import { DraftInput } from './widgets/DraftInput';
import { t } from './runI18n';

interface TProps {
  questionId: string;
  incidence: TIncidence | null;
  issue: TAuditIssue | undefined;
  editable: boolean;
}

/**
 * One incidence of a question (product document, section 4): select, solved in place (only when
 * selected; checking it collapses the panel), name and description, deduction, tasks, evidences.
 */
export function IncidenceItem({ questionId, incidence, issue, editable }: TProps) {
  const { issues } = useRun();
  const selected = Boolean(issue?.selected);
  const solved = Boolean(issue?.solvedInPlace);
  const [expanded, setExpanded] = useState(selected && !solved);
  const ref = { incidence: incidence?._id ?? null, issue: issue?._id ?? null };
  const name = issue?.name ?? incidence?.name ?? '';
  const risk = issue?.riskLevel ?? incidence!.riskLevel;
  const deduction = issue?.deductionPercentage ?? incidence?.deductionPercentage ?? 0;
  const tasks = incidence
    ? incidence.tasks.map((task) => ({ ...task, selected: Boolean(issue?.tasks.find((x) => x._id === task._id)?.selected) }))
    : (issue?.tasks ?? []);
  const canEditIssue = editable && selected && Boolean(issue);
  const bodyId = `incidence-${questionId}-${incidence?._id ?? issue?._id}`;

  const toggle = (on: boolean) => {
    if (!incidence) return;
    void issues.toggleIssue(questionId, incidence, on);
    setExpanded(on);
  };
  const toggleSolved = (on: boolean) => {
    void issues.setSolved(questionId, ref, on);
    if (on) setExpanded(false);
  };

  return (
    <div className={selected ? 'run-incidence is-selected' : 'run-incidence'}>
      <div className="run-incidence-head">
        <Checkbox checked={selected} disabled={!editable || !incidence} onChange={(e) => toggle(e.target.checked)}>
          <span className="run-incidence-name">{name}</span>
        </Checkbox>
        <span className="run-risk" style={{ borderColor: RISK_COLORS[risk], color: RISK_COLORS[risk] }}>
          {t(`auditRun.risk.${risk}`)}
        </span>
        {deduction > 0 && <span className="run-deduction">{t('auditRun.incidence.deduction', { value: deduction })}</span>}
        <Checkbox checked={solved} disabled={!editable || !selected} onChange={(e) => toggleSolved(e.target.checked)}>
          {t('auditRun.incidence.solvedInPlace')}
        </Checkbox>
        <Button
          type="text"
          size="small"
          className="run-incidence-expand"
          icon={expanded ? <DownOutlined /> : <RightOutlined />}
          aria-expanded={expanded}
          aria-controls={bodyId}
          aria-label={t('auditRun.incidence.details', { name })}
          onClick={() => setExpanded(!expanded)}
        />
      </div>
      {expanded && (
        <div className="run-incidence-body" id={bodyId}>
          <label className="run-label">{t('auditRun.incidence.name')}</label>
          <DraftInput
            value={name}
            disabled={!canEditIssue}
            aria-label={t('auditRun.incidence.name')}
            validate={(v) => (v.trim() ? null : t('form.required'))}
            onSave={(v) => issues.rename(questionId, ref, v.trim())}
          />
          <label className="run-label">{t('auditRun.incidence.description')}</label>
          <DraftInput
            multiline
            value={issue?.description ?? incidence?.description ?? ''}
            disabled={!canEditIssue}
            aria-label={t('auditRun.incidence.description')}
            onSave={(v) => issues.describe(questionId, ref, v)}
          />
          {tasks.length > 0 && (
            <div className="run-tasks" role="group" aria-label={t('auditRun.incidence.tasks')}>
              <span className="run-label">{t('auditRun.incidence.tasks')}</span>
              {tasks.map((task) => (
                <Checkbox
                  key={task._id}
                  checked={task.selected}
                  disabled={!editable || !incidence}
                  onChange={(e) => incidence && issues.toggleTask(questionId, incidence, task._id, e.target.checked)}
                >
                  {task.name}
                </Checkbox>
              ))}
            </div>
          )}
          {issue && selected && (
            <>
              <span className="run-label">{t('auditRun.incidence.evidences')}</span>
              <ImageStrip
                images={issue.evidences}
                editable={editable}
                addLabel={t('auditRun.incidence.addEvidence')}
                onAdd={(file) => issues.addEvidence(questionId, ref, file)}
                onRemove={(id) => issues.removeEvidence(questionId, ref, id)}
              />
            </>
          )}
        </div>
      )}
    </div>
  );
}
