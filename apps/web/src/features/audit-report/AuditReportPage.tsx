import { useDeferredValue } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useMe, userCan } from '../../session/me';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { PdfButton } from '../../ui/audit-actions/PdfButton';
import { useDeferredReport, useReport } from './reportApi';
import { ReportHeader } from './ReportHeader';
import { ReportLanguage, UserLanguage } from './ReportLanguage';
import { layoutFor } from './reportLayout';
import { ReportView } from './ReportView';
import { ShareControl } from '../../ui/audit-actions/ShareControl';
import { ReportActions, useReportActions } from './correctiveActions';

/**
 * The signed-in report (/auditor/audits/report/:id, /client-audits/audits/report/:id), laid out
 * by the user's reportType; back leads to the list it came from. A finished audit's issues show
 * their corrective actions with their age to whoever may read incidents.
 */
export function AuditReportPage({ backTo }: { backTo: string }) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { isMobile } = useViewport();
  const me = useMe().data;
  const report = useReport(id);
  // The corrective actions beside each issue: a finished audit's issues are incidents now.
  const actions = useReportActions(id, report.data?.status === 'finished' && userCan(me, 'ISSUE:READ'));
  const audit = useDeferredReport(report.data, id);
  // Their arrival renders every issue again: deferred too, in slices (decision 0121).
  const actionsData = useDeferredValue(actions.data ?? null);
  if (report.isError) return <ErrorState error={report.error} onRetry={() => void report.refetch()} />;
  if (!audit) return <PageSkeleton rows={10} />;
  return (
    <ReportLanguage language={audit.template.language}>
      <ReportActions.Provider value={actionsData}>
        <ReportView
          audit={audit}
          layout={layoutFor(me?.reportType)}
          header={
            <ReportHeader
              audit={audit}
              onBack={() => navigate(backTo)}
              actions={
                // The page's buttons speak the user's language; the report itself, the template's.
                <UserLanguage>
                  <PdfButton audit={audit} compact={isMobile} />
                  {audit.can.share && <ShareControl auditId={audit._id} language={audit.template.language} enabled={audit.share.enabled} compact={isMobile} />}
                </UserLanguage>
              }
            />
          }
        />
      </ReportActions.Provider>
    </ReportLanguage>
  );
}
