import { memo, useEffect, useRef, useState } from 'react';
import { Button, Tag } from 'antd';
import { ArrowLeftOutlined, CheckCircleOutlined, CloudUploadOutlined, ExclamationCircleOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useIsMutating, useMutationState } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import dayjs from 'dayjs';
import type { TAudit } from '@audit/domain/audits';
import { goalBand } from '@audit/domain/score';
import { FinishButton } from './FinishButton';
import { ConnectivityStatus } from './offline/ConnectivityStatus';
import { useQueuedFor } from '../../offline/queueState';
import { auditResource } from './offline/auditResource';
import { formatPercent } from './format';
import { AUDITS_LIST_PATH } from '../../manifest/auditPaths';
import { useRun } from './RunContext';
import { RUN_MUTATION_KEY } from './runner';
import { auditScoreOf, lastUpdated } from './selectors';
import { shallowEqual, useAuditSelect } from './useAuditSelect';
import { formatInstant, zoneOr } from '@audit/domain/dates';
import { useCurrentSpace } from '../../session/space';
import { useCompactHeader } from './useCompactHeader';
import { useViewport } from '../../ui/useViewport';
import { PdfButton } from '../../ui/audit-actions/PdfButton';
import { ShareControl } from '../../ui/audit-actions/ShareControl';

const STATUS_COLORS: Record<string, string> = { draft: 'default', accepted: 'blue', running: 'processing', finished: 'success' };

const selectStatic = (a: TAudit) => ({
  templateName: a.template?.name ?? '',
  service: a.service?.name ?? '',
  establishment: a.establishment?.name ?? '',
  creator: a.owner?.name ?? '',
  status: a.status,
  shared: a.share?.enabled ?? false,
  canShare: a.can?.share ?? false,
  language: a.template?.language ?? 'es',
});

/**
 * Sticky header (product document section 2, audit header): back, template, service and
 * establishment, status, creator, last change, live score against the goal, connectivity and
 * queued changes, saving state, contents, Finish, and, once finished, the report's PDF and share
 * buttons (the server makes a PDF of a finished audit only). The parts that move with every answer
 * (score, last change) are their own components, so an answer does not render the rest.
 */
export const RunHeader = memo(function RunHeader({ onOpenToc }: { onOpenToc: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { auditId, runnable } = useRun();
  const header = useAuditSelect(auditId, selectStatic, shallowEqual);
  const { isMobile } = useViewport();
  const element = useRef<HTMLDivElement>(null);
  const { compact, slot } = useCompactHeader(isMobile, element);
  if (!header) return null;
  return (
    <div className="run-header-slot" style={{ minHeight: slot }}>
      <div ref={element} className={compact ? 'run-header is-compact' : 'run-header'} data-testid="run-header">
        <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(AUDITS_LIST_PATH)} aria-label={t('auditRun.backToAudits')} />
        <div className="run-header-main">
          <h2 className="run-header-title">{header.templateName}</h2>
          <div className="run-header-meta">
            <span>{header.service}</span>
            <span aria-hidden>·</span>
            <span>{header.establishment}</span>
            <Tag color={STATUS_COLORS[header.status]}>{t(`auditRun.status.${header.status}`)}</Tag>
            {header.creator && <span data-testid="run-header-creator">{t('auditRun.createdBy', { name: header.creator })}</span>}
            <LastUpdated />
          </div>
        </div>
        <HeaderScore />
        <div className="run-header-actions">
          <ConnectivityStatus auditId={auditId} />
          {runnable && <SavingState />}
          <Button icon={<UnorderedListOutlined />} onClick={onOpenToc} aria-label={t('auditRun.toc.open')}>
            <span className="run-hide-narrow">{t('auditRun.toc.title')}</span>
          </Button>
          {runnable && <FinishButton />}
          {header.status === 'finished' && <ReportActions shared={header.shared} canShare={header.canShare} language={header.language} compact={isMobile} />}
        </div>
      </div>
    </div>
  );
});

const selectPdfNaming = (a: TAudit) => ({ _id: a._id, template: a.template, establishment: a.establishment });

/** The report's own PDF and share buttons (ui/audit-actions), on a finished audit. */
function ReportActions({ shared, canShare, language, compact }: { shared: boolean; canShare: boolean; language: string; compact: boolean }) {
  const { auditId } = useRun();
  const naming = useAuditSelect(auditId, selectPdfNaming, shallowEqual);
  if (!naming) return null;
  return (
    <>
      <PdfButton audit={naming} compact={compact} />
      {canShare && <ShareControl auditId={auditId} language={language} enabled={shared} compact={compact} />}
    </>
  );
}

function HeaderScore() {
  const { t, i18n } = useTranslation();
  const { auditId } = useRun();
  const score = useAuditSelect(
    auditId,
    (a) => ({ percentage: a.status === 'finished' ? a.percentage : auditScoreOf(a).percentage, goal: a.valueGoal }),
    shallowEqual,
  );
  if (!score) return null;
  const band = goalBand(score.percentage, score.goal);
  return (
    <div
      className={
        score.percentage === null ? 'run-score is-empty' : band === 'below' ? 'run-score is-below' : band === 'close' ? 'run-score is-close' : 'run-score'
      }
      aria-live="polite"
      data-testid="audit-score"
    >
      <span className="run-score-label">{t('auditRun.score')}</span>
      <span className="run-score-value">{formatPercent(score.percentage, i18n.language)}</span>
      {score.goal !== null && <span className="run-score-goal">{t('auditRun.goal', { value: formatPercent(score.goal, i18n.language) })}</span>}
    </div>
  );
}

/** Relative time, refreshed every half minute. */
function LastUpdated() {
  const { t, i18n } = useTranslation();
  const spaceZone = useCurrentSpace().data?.timeZone;
  const { auditId } = useRun();
  const updatedAt = useAuditSelect(auditId, lastUpdated);
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 30000);
    return () => clearInterval(timer);
  }, []);
  // The exact instant in the space's zone is a tooltip: written after the first paint. A page's first
  // Intl.DateTimeFormat of a zone loads its data, about 0.1 s on the tablet, which held the first
  // question when the header formatted it in its first render (decision 0114). Written on the element,
  // not kept in state: a state set here rendered the header once more after every tap.
  const element = useRef<HTMLTimeElement>(null);
  useEffect(() => {
    if (updatedAt && element.current) element.current.title = formatInstant(updatedAt, zoneOr(spaceZone));
  }, [updatedAt, spaceZone]);
  if (!updatedAt) return null;
  return (
    <time ref={element} dateTime={updatedAt}>
      {t('auditRun.updated', { when: dayjs(updatedAt).locale(i18n.language).fromNow() })}
    </time>
  );
}

function SavingState() {
  const { t } = useTranslation();
  const { auditId } = useRun();
  const saving = useIsMutating({ mutationKey: [RUN_MUTATION_KEY, auditId] }) > 0;
  // Changes waiting in the offline queue are not saved yet: the pending count says so instead.
  const queued = useQueuedFor(auditResource(auditId)).count > 0;
  // The last change refused (by the server, or by a device with no space left to keep it) was rolled
  // back: "Guardado" would say the opposite of what happened until the next change is saved.
  const lastFailed = useMutationState({ filters: { mutationKey: [RUN_MUTATION_KEY, auditId] }, select: (m) => m.state.status }).at(-1) === 'error';
  if (queued && !saving) return null;
  return (
    <span className="run-saving" aria-live="polite" data-testid="run-saving-state">
      {/* A still icon, not a spinner: an animation would repaint the header on every frame while saving. */}
      {saving ? (
        <>
          <CloudUploadOutlined /> <span className="run-hide-narrow">{t('auditRun.saving')}</span>
        </>
      ) : lastFailed ? (
        <span className="run-not-saved">
          <ExclamationCircleOutlined /> <span className="run-hide-narrow">{t('auditRun.notSaved')}</span>
        </span>
      ) : (
        <>
          <CheckCircleOutlined /> <span className="run-hide-narrow">{t('auditRun.saved')}</span>
        </>
      )}
    </span>
  );
}
