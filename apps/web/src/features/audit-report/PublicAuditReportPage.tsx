import { Flex, Result, Spin } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { isApiError } from '../../api/errors';
import { ErrorState } from '../../ui/PageStates';
import { useDeferredReport, usePublicReport } from './reportApi';
import { ReportHeader } from './ReportHeader';
import { ReportLanguage } from './ReportLanguage';
import { layoutFor } from './reportLayout';
import { publicPageLanguage } from './publicLanguage';
import { ReportView } from './ReportView';

/** Inside ReportLanguage, so it reads that language's texts. */
function NotAvailable() {
  const { t } = useTranslation();
  return <Result status="404" title={t('report.public.notFoundTitle')} subTitle={t('report.public.notFound')} />;
}

/**
 * /share-audit-report/:auditId: the shared report, outside the shell and without signing in.
 * The optional preview flag comes in navigation state; there is no user, so the default layout.
 */
export function PublicAuditReportPage() {
  const { t } = useTranslation();
  const { auditId = '' } = useParams();
  const location = useLocation();
  const preview = Boolean((location.state as { preview?: boolean } | null)?.preview);
  const report = usePublicReport(auditId, preview);
  const data = useDeferredReport(report.data, auditId);
  return (
    <div className="public-report">
      <div className="public-report-brand">
        <SafetyCertificateOutlined /> {t('app.name')}
      </div>
      {!data && !report.isError && (
        <Flex justify="center" style={{ padding: 80 }}>
          <Spin size="large" />
        </Flex>
      )}
      {report.isError && (
        // No report to take a language from: the link's, else the browser's, else Spanish (decision 0069).
        <ReportLanguage language={publicPageLanguage(location.search, navigator.languages ?? [navigator.language])}>
          {isApiError(report.error) && report.error.status === 404 ? (
            <NotAvailable />
          ) : (
            <ErrorState error={report.error} onRetry={() => void report.refetch()} />
          )}
        </ReportLanguage>
      )}
      {data && (
        <ReportLanguage language={data.template.language}>
          <ReportView audit={data} layout={layoutFor(null)} header={<ReportHeader audit={data} />} />
        </ReportLanguage>
      )}
    </div>
  );
}
