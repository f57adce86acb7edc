import { useEffect, useRef, useState } from 'react';
import { App, Button, Checkbox, Form, Modal, Radio, Select, type ButtonProps } from 'antd';
import { DownloadOutlined, FileExcelOutlined, FilePdfOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@audit/domain/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TLogDownload } from '@audit/domain/registers';
import { downloadFile } from '../../api/download';
import { NOTIFICATIONS_QUERY_KEY, searchNotifications, type TNotification } from '../../api/notifications';
import { registerCalls } from '@audit/domain/calls/registers';
import { send, urlOf } from '../../api/send';
import { notifyError } from '../../ui/feedback';

/** How often the notifications are read while the PDF job runs, and how long before the wait is left to the notification. */
const POLL_MS = 1000;
const WAIT_MS = 180_000;

type TPdfOptions = Pick<TLogDownload, 'orientation' | 'annual' | 'language' | 'take'>;
type TExcelOptions = Pick<TLogDownload, 'annual' | 'language' | 'take'>;
type TChoice = { kind: 'pdf'; options: TPdfOptions } | { kind: 'excel'; options: TExcelOptions };

/** The dialog's form: the product document's log download options (section 2). */
interface TDownloadForm {
  format: 'pdf' | 'excel';
  orientation: TLogDownload['orientation'];
  language: (typeof LANGUAGES)[number];
  /** 0: every take of the day. */
  take: number;
  annual: boolean;
}

/** The form's answers as the server's options (packages/domain ZLogDownload / ZLogExcelQuery). */
export function choiceOf(values: TDownloadForm): TChoice {
  const common = { annual: values.annual, language: values.language, take: values.take > 0 ? values.take : null };
  return values.format === 'excel' ? { kind: 'excel', options: common } : { kind: 'pdf', options: { ...common, orientation: values.orientation } };
}

const fileName = (name: string, extension: string) => `${name}.${extension}`.replace(/[\\/:*?"<>|]+/g, '-');
const isNotice = (n: TNotification, registerId: string) => n.type === 'SHARE_FILE' && n.payload?.body?.registerId === registerId;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/**
 * The log's downloads (decision 0037; product document section 2: "vertical or horizontal,
 * language, day take number, annual report"), chosen in a dialog: the PDF (horizontal: the sheet on
 * the kitchen wall; vertical) through the job pattern, or the Excel, of the period shown or its
 * year, in the chosen language, with every take of the day or one. A PDF already made downloads at once; otherwise a lasting
 * "being generated" message shows until the job's SHARE_FILE notification for this register, then
 * it downloads by itself (the notification stays in the bell, linking to the register).
 */
/** `repeatTakes`: the grid's repeated threshold, when staff changed it (the downloads mark the same runs). */
export function LogDownloads({
  registerId,
  name,
  date,
  repeatTakes,
  takesPerDay,
}: {
  registerId: string;
  name: string;
  date: string;
  repeatTakes?: number;
  takesPerDay: number;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<TDownloadForm>();
  const format = Form.useWatch('format', form) ?? 'pdf';
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);
  const progressKey = `register-pdf-${registerId}`;

  const askPdf = async (options: TPdfOptions): Promise<{ pdfUrl?: string }> => {
    const answer = await send(registerCalls.pdf, { params: { id: registerId }, body: { ...options, date, ...(repeatTakes ? { repeatTakes } : {}) } });
    return 'pdfUrl' in answer ? { pdfUrl: answer.pdfUrl } : {};
  };

  const download = useMutation({
    meta: { silent: true },
    mutationFn: async (choice: TChoice): Promise<'downloaded' | 'failed' | 'waiting'> => {
      if (choice.kind === 'excel') {
        const { annual, language, take } = choice.options;
        const query = new URLSearchParams({
          date,
          ...(language ? { language } : {}),
          ...(take ? { take: String(take) } : {}),
          ...(annual ? { annual: 'true' } : {}),
          ...(repeatTakes ? { repeatTakes: String(repeatTakes) } : {}),
        });
        await downloadFile(`${urlOf(registerCalls.excel, { id: registerId })}?${query}`, fileName(name, 'xlsx'));
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

  const initialValues: TDownloadForm = { format: 'pdf', orientation: 'horizontal', language: i18n.language === 'en' ? 'en' : 'es', take: 0, annual: false };
  const submit = (values: TDownloadForm) => {
    setOpen(false);
    download.mutate(choiceOf(values));
  };
  return (
    <>
      <Button icon={<DownloadOutlined />} loading={download.isPending} onClick={() => setOpen(true)} data-testid="register-log-download">
        {t('registerLogs.download.button')}
      </Button>
      <Modal
        open={open}
        title={t('registerLogs.download.title')}
        onCancel={() => setOpen(false)}
        okText={t('registerLogs.download.submit')}
        okButtonProps={{ icon: <DownloadOutlined />, 'data-testid': 'register-log-download-submit' } as ButtonProps}
        onOk={() => form.submit()}
        destroyOnHidden
        width={440}
      >
        <Form<TDownloadForm>
          form={form}
          layout="vertical"
          initialValues={initialValues}
          onFinish={submit}
          data-testid="register-log-download-form"
          preserve={false}
        >
          <Form.Item name="format" label={t('registerLogs.download.format')}>
            <Radio.Group
              optionType="button"
              options={[
                {
                  value: 'pdf',
                  label: (
                    <span>
                      <FilePdfOutlined /> PDF
                    </span>
                  ),
                },
                {
                  value: 'excel',
                  label: (
                    <span>
                      <FileExcelOutlined /> Excel
                    </span>
                  ),
                },
              ]}
            />
          </Form.Item>
          {format === 'pdf' && (
            <Form.Item name="orientation" label={t('registerLogs.download.orientation')}>
              <Radio.Group
                options={[
                  { value: 'horizontal', label: t('registerLogs.download.horizontal') },
                  { value: 'vertical', label: t('registerLogs.download.vertical') },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item name="language" label={t('registerLogs.download.language')}>
            <Select options={LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))} data-testid="register-log-download-language" />
          </Form.Item>
          <Form.Item name="take" label={t('registerLogs.download.take')}>
            <Select
              data-testid="register-log-download-take"
              options={[
                { value: 0, label: t('registerLogs.download.allTakes') },
                ...Array.from({ length: Math.max(1, takesPerDay) }, (_, i) => ({ value: i + 1, label: t('registerLogs.download.takeN', { n: i + 1 }) })),
              ]}
            />
          </Form.Item>
          <Form.Item name="annual" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox data-testid="register-log-download-annual">{t('registerLogs.download.annual')}</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
