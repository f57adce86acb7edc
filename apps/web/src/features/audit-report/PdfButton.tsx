import { useState } from 'react';
import { App, Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TAudit } from '@audit/domain/audits';
import { notifyError } from '../../ui/feedback';
import { downloadFile, usePdf } from './reportApi';

const fileName = (audit: TAudit) => `${audit.template.name} - ${audit.establishment.name}.pdf`.replace(/[\\/:*?"<>|]+/g, '-');

/** POST the PDF request: a queued job shows 'pdfSentToGenerate' (a notification follows); a ready PDF downloads by name. */
export function PdfButton({ audit, compact }: { audit: TAudit; compact: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const pdf = usePdf();
  const [downloading, setDownloading] = useState(false);
  const onClick = () =>
    pdf.mutate(audit._id, {
      onSuccess: async (answer) => {
        if (!answer.pdfUrl) {
          void message.info(t('report.pdfSentToGenerate'));
          return;
        }
        setDownloading(true);
        try {
          await downloadFile(answer.pdfUrl, fileName(audit));
        } catch (error) {
          notifyError(error);
        } finally {
          setDownloading(false);
        }
      },
    });
  return (
    <Button icon={<FilePdfOutlined />} loading={pdf.isPending || downloading} onClick={onClick} aria-label={t('report.pdf')} data-testid="report-pdf">
      {!compact && t('report.pdf')}
    </Button>
  );
}
