import { Button } from 'antd';
import { FilePdfOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { usePdfDownload } from './pdfDownload';

/** The report's PDF: downloads it, or shows it being made and downloads it when ready (usePdfDownload). */
export function PdfButton({ audit, compact }: { audit: Parameters<typeof usePdfDownload>[0]; compact: boolean }) {
  const { t } = useTranslation();
  const pdf = usePdfDownload(audit);
  const label = pdf.isPending ? t('report.pdfPreparing') : t('report.pdf');
  return (
    <Button
      icon={<FilePdfOutlined />}
      loading={pdf.isPending}
      onClick={() => pdf.mutate()}
      aria-label={label}
      aria-busy={pdf.isPending}
      data-testid="report-pdf"
    >
      {!compact && label}
    </Button>
  );
}
