import { startTransition, useCallback, useEffect, useState } from 'react';
import { Alert, Button, Result } from 'antd';
import { IconProvider } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import type { TAudit } from '@audit/domain/audits';
import { isApiError, isError } from '../../api/errors';
import { requestPersistentStorage } from '../../sw/register';
import { ErrorState } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import type { TChangeSubject } from '../../offline/records';
import { SyncFailures } from '../../offline/SyncFailures';
import { SyncOverlay } from '../../offline/SyncOverlay';
import { useShownFromDevice } from '../../offline/useConnectivity';
import { useResourceSync } from '../../offline/useResourceSync';
import { auditRunQueryKey, auditRunQueryOptions } from './auditRunApi';
import { questionIndex } from './auditCache';
import { AUDITS_LIST_PATH } from '../../manifest/auditPaths';
import { auditResource } from './offline/auditResource';
import { RunProvider, useRun } from './RunContext';
import { RunHeader } from './RunHeader';
import { RunSkeleton } from './RunSkeleton';
import { SectionPanel } from './SectionPanel';
import { TocDrawer } from './TocDrawer';
import { useRunUi } from './runUi';
import { useServerAfterCopy } from './useServerAfterCopy';
import { shallowEqual, useAuditSelect } from './useAuditSelect';
import { currentUserId } from '../../session/sessionOwner';
import './auditRun.css';

const ICONS_NO_RUNTIME = { zeroRuntime: true };

/** What the page itself renders from: it changes only with the status, the caller's right to run it or the list of sections. */
const selectShape = (a: TAudit) => ({
  status: a.status,
  // The server's audit policy answers who may run it (decision 0020). A device copy saved before `can`
  // existed has none: it keeps the rule of its time, its assigned auditor runs it (the server still decides on sync).
  canRun: a.can ? a.can.run === true : a.auditor?._id === currentUserId(),
  sectionIds: a.sections.map((s) => s._id),
  firstQuestions: a.sections.find((s) => s.type === 'QUESTION')?._id ?? null,
});

/** /auditor/audits/run/{auditId}: run (or, when not running or not its auditor, read) an audit. */
export function AuditRunPage() {
  const { auditId = '' } = useParams();
  const { i18n } = useTranslation();
  const queryClient = useQueryClient();
  // Changes with every reload after a replay of the offline queue: the run's actions start again on
  // fresh data (they track server ids a reload makes stale), while the page stays mounted: a note
  // being typed, open sections and the scroll position stay as they were.
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: auditRunQueryKey(auditId), exact: true });
    setGeneration((n) => n + 1);
  }, [queryClient, auditId]);
  useResourceSync(auditResource(auditId), reload);
  // Only the loading state is read from the query (tracked props): answers do not render the page.
  const query = useQuery(auditRunQueryOptions(auditId));
  const restart = useCallback(() => setGeneration((n) => n + 1), []);
  useServerAfterCopy(auditId, !query.isPending, { reload, restart });
  const shape = useAuditSelect(auditId, selectShape, shallowEqual);
  const runnable = shape?.status === 'running' && shape.canRun;
  // The queue and the device's copy must outlive storage pressure while an audit is being run.
  useEffect(() => {
    if (runnable) void requestPersistentStorage();
  }, [runnable]);
  let content;
  if (query.isError) content = <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  else if (query.isPending || !shape) content = <RunSkeleton />;
  else {
    const { status, sectionIds, firstQuestions } = shape;
    content = (
      <RunProvider key={auditId} auditId={auditId} runnable={runnable} generation={generation}>
        {/* Cards translate without subscribing (runI18n): a new language mounts them again. */}
        <RunLayout
          key={i18n.language}
          sectionIds={sectionIds}
          firstQuestions={firstQuestions}
          readOnlyReason={status !== 'running' ? 'notRunning' : !runnable ? 'notAuditor' : null}
          status={status}
        />
      </RunProvider>
    );
  }
  return (
    <>
      {content}
      <SyncOverlay />
    </>
  );
}

interface TLayoutProps {
  sectionIds: string[];
  firstQuestions: string | null;
  readOnlyReason: 'notRunning' | 'notAuditor' | null;
  status: string;
}

function RunLayout({ sectionIds, firstQuestions, readOnlyReason, status }: TLayoutProps) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const [tocOpen, setTocOpen] = useState(false);
  const openToc = useCallback(() => setTocOpen(true), []);
  useQuestionInHash();
  const shown = useSectionsShown(sectionIds, firstQuestions);
  return (
    <div className="run-page">
      <RunHeader onOpenToc={openToc} />
      <OfflineNotices />
      {readOnlyReason && (
        <Alert type="info" showIcon className="run-readonly" title={t(`auditRun.readOnly.${readOnlyReason}`, { status: t(`auditRun.status.${status}`) })} />
      )}
      {/* The icons' stylesheet is already in place (header, shell): icons in the cards skip re-checking it, one effect each. */}
      <IconProvider value={ICONS_NO_RUNTIME}>
        {shown.map((id) => (
          <SectionPanel key={id} sectionId={id} first={id === firstQuestions} />
        ))}
      </IconProvider>
      <TocDrawer open={tocOpen} onClose={() => setTocOpen(false)} narrow={isMobile} />
    </div>
  );
}

/**
 * The sections the page renders. The audit arrives in a store update, which React renders in one
 * uninterrupted task: with all 65 sections of a large audit (headers, actions, holders) that task
 * held the first question for 1–3 s on a tablet. So the first render holds the sections up to the
 * first question section (the cover and that section's first cards); the rest mount in a
 * transition, rendered in slices a tap interrupts, queued first among the idle mounts (runUi) so
 * that no group's mount starts another transition meanwhile. A navigation (contents, links,
 * "Finalizar") asks for every section at once (`allSections`).
 */
function useSectionsShown(sectionIds: string[], firstQuestions: string | null) {
  const { ui } = useRun();
  const wanted = useRunUi(ui, (s) => s.allSections);
  const [rest, setRest] = useState(false);
  useEffect(() => {
    if (rest || wanted) return ui.mounted();
    return ui.queueMount(() => startTransition(() => setRest(true)), true);
  }, [rest, wanted, ui]);
  if (rest || wanted) return sectionIds;
  return sectionIds.slice(0, Math.max(1, sectionIds.indexOf(firstQuestions ?? '') + 1));
}

/** A link to a question (`#question-<id>`, e.g. from a refused change): its section opens and it comes into view. */
function useQuestionInHash() {
  const { hash } = useLocation();
  const { auditId, ui } = useRun();
  const queryClient = useQueryClient();
  useEffect(() => {
    const questionId = /^#question-(.+)$/.exec(hash)?.[1];
    const audit = queryClient.getQueryData<TAudit>(auditRunQueryKey(auditId));
    const entry = questionId && audit ? questionIndex(audit).get(questionId) : undefined;
    if (entry) ui.scrollToQuestion(entry.section._id, entry.question._id);
  }, [hash, auditId, ui, queryClient]);
}

/** The audit shows from this device's copy (server unreachable), and changes the server refused on a replay, each linked to its question. */
function OfflineNotices() {
  const { t } = useTranslation();
  const { auditId, ui } = useRun();
  const queryClient = useQueryClient();
  const fromDevice = useShownFromDevice(auditResource(auditId));
  const openChange = useCallback(
    (subject: TChangeSubject) => subject.target && subject.targetGroup && ui.scrollToQuestion(subject.targetGroup, subject.target),
    [ui],
  );
  return (
    <>
      {fromDevice && <Alert type="warning" showIcon className="run-local-copy" title={t('auditRun.offline.localCopy')} />}
      <SyncFailures resource={auditResource(auditId)} data={queryClient.getQueryData<TAudit>(auditRunQueryKey(auditId))} onOpen={openChange} />
    </>
  );
}

/** 404 (or a malformed id) says the audit does not exist, with a way back; other errors offer a retry. */
function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (isError(error, 'notFound', 'badIdFormat') || (isApiError(error) && error.status === 404)) {
    return (
      <Result
        status="404"
        title={t('auditRun.notFound.title')}
        subTitle={t('auditRun.notFound.text')}
        extra={
          <Button type="primary" onClick={() => navigate(AUDITS_LIST_PATH)}>
            {t('auditRun.backToAudits')}
          </Button>
        }
      />
    );
  }
  return <ErrorState error={error} onRetry={onRetry} />;
}
