import { useEffect, useRef } from 'react';
import { App, Button, Dropdown } from 'antd';
import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLogDownload } from '@audit/domain/registers';
import { downloadFile } from '../../api/download';
import { NOTIFICATIONS_QUERY_KEY, searchNotifications, type TNotification } from '../../api/notifications';
import { request } from '../../api/client';
import { notifyError } from '../../ui/feedback';
import { REGISTERS_BASE } from './offline/registerResource';

/** How often the notifications are read while the PDF job runs, and how long before the wait is left to the notification. */
const POLL_MS = 1000;
const WAIT_MS = 180_000;

type TPdfOptions = Pick<TLogDownload, 'orientation' | 'annual'>;
type TChoice = { kind: 'pdf'; options: TPdfOptions } | { kind: 'excel'; annual: boolean };

const fileName = (name: string, extension: string) => `${name}.${extension}`.replace(/[\\/:*?"<>|]+/g, '-');
const isNotice = (n: TNotification, registerId: string) => n.type === 'SHARE_FILE' && n.payload?.body?.registerId === registerId;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * The log's downloads (decision 0037): the PDF (horizontal: the sheet on the kitchen wall;
 * vertical; the annual report) through the job pattern, and the Excel, of the period shown (or its
 * year), in the reader's language. A PDF already made downloads at once; otherwise a lasting
 * "being generated" message shows until the job's SHARE_FILE notification for this register, then
 * it downloads by itself (the notification stays in the bell, linking to the register).
 */
/** `repeatTakes`: the grid's repeated threshold, when staff changed it (the downloads mark the same runs). */
export function LogDownloads({ registerId, name, date, repeatTakes }: { registerId: string; name: string; date: string; repeatTakes?: number }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const progressKey = `register-pdf-${registerId}`;

  const askPdf = (options: TPdfOptions) =>
    request<{ pdfUrl?: string; pdfSendToGenerate?: boolean }>(`${REGISTERS_BASE}/${registerId}/pdf`, {
      method: 'POST',
      body: { ...options, date, ...(repeatTakes ? { repeatTakes } : {}) },
    });

  const download = useMutation({
    meta: { silent: true },
    mutationFn: async (choice: TChoice): Promise<'downloaded' | 'failed' | 'waiting'> => {
      if (choice.kind === 'excel') {
        const query = new URLSearchParams({ date, ...(choice.annual ? { annual: 'true' } : {}), ...(repeatTakes ? { repeatTakes: String(repeatTakes) } : {}) });
        await downloadFile(`${REGISTERS_BASE}/${registerId}/excel?${query}`, fileName(name, 'xlsx'));
        return 'downloaded';
      }
      const controller = new AbortController();
      abort.current = controller;
      // What is there before asking, so an earlier PDF's notification is not taken for this one.
      const before = new Set((await searchNotifications('all', 20)).items.filter((n) => isNotice(n, registerId)).map((n) => n._id));
      const first = await askPdf(choice.options);
      if (first.pdfUrl) {
        await downloadFile(first.pdfUrl, fileName(name, 'pdf'));
        return 'downloaded';
      }
      void message.loading({ key: progressKey, content: t('registerLogs.download.generating'), duration: 0 });
      try {
        for (const deadline = Date.now() + WAIT_MS; Date.now() < deadline;) {
          await pause(POLL_MS, controller.signal);
          const notice = (await searchNotifications('all', 20)).items.find((n) => isNotice(n, registerId) && !before.has(n._id));
          if (!notice) continue;
          await queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
          if (notice.payload.body?.status !== 'ready') return 'failed';
          const ready = await askPdf(choice.options);
          if (!ready.pdfUrl) return 'waiting';
          await downloadFile(ready.pdfUrl, fileName(name, 'pdf'));
          return 'downloaded';
        }
        return 'waiting';
      } finally {
        message.destroy(progressKey);
      }
    },
    onSuccess: (outcome) => {
      if (outcome === 'downloaded') void message.success(t('registerLogs.download.ready'));
      else if (outcome === 'failed') void message.error(t('registerLogs.download.failed'));
      else void message.info(t('registerLogs.download.waiting'));
    },
    onError: (error) => {
      if (!abort.current?.signal.aborted) notifyError(error);
    },
  });

  const choices: Record<string, TChoice> = {
    horizontal: { kind: 'pdf', options: { orientation: 'horizontal', annual: false } },
    vertical: { kind: 'pdf', options: { orientation: 'vertical', annual: false } },
    annual: { kind: 'pdf', options: { orientation: 'horizontal', annual: true } },
    excel: { kind: 'excel', annual: false },
    excelAnnual: { kind: 'excel', annual: true },
  };
  const items = Object.entries(choices).map(([key, choice]) => ({
    key,
    icon: choice.kind === 'pdf' ? <FilePdfOutlined /> : <FileExcelOutlined />,
    label: t(`registerLogs.download.${key}`),
  }));
  return (
    <Dropdown trigger={['click']} disabled={download.isPending} menu={{ items, onClick: ({ key }) => download.mutate(choices[key]!) }}>
      <Button icon={<DownloadOutlined />} loading={download.isPending} data-testid="register-log-download">
        {t('registerLogs.download.button')}
      </Button>
    </Dropdown>
  );
}
