import { useEffect, useRef } from 'react';
import { App } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { TAudit } from '@audit/domain/audits';
import { NOTIFICATIONS_QUERY_KEY, searchNotifications, type TNotification } from '../../api/notifications';
import { requestResponse } from '../../api/client';
import { downloadFile, saveBlob } from '../../api/download';
import { pdfAddress, requestPdf } from './auditActionsApi';
import { notifyError } from '../feedback';

/** How often the notifications are read while a PDF is made, and how long before the wait is left to the notification. */
const POLL_MS = 1000;
const WAIT_MS = 180_000;

export const pdfFileName = (audit: Pick<TAudit, 'template' | 'establishment'>) =>
  `${audit.template.name} - ${audit.establishment.name}.pdf`.replace(/[\\/:*?"<>|]+/g, '-');

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

const isPdfNotice = (n: TNotification, auditId: string) => n.type === 'SHARE_FILE' && n.payload?.body?.auditId === auditId;

/**
 * The PDF job's notification for this audit that was not there before the request (the job
 * notifies SHARE_FILE {status, auditId} when it is done), or null once the wait is over.
 */
async function waitForNotice(auditId: string, before: ReadonlySet<string>, signal: AbortSignal): Promise<TNotification | null> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    await pause(POLL_MS, signal);
    const { items } = await searchNotifications('all', 20);
    const notice = items.find((n) => isPdfNotice(n, auditId) && !before.has(n._id));
    if (notice) return notice;
  }
  return null;
}

type TOutcome = 'downloaded' | 'failed' | 'waiting';

/**
 * The kept PDF's bytes (GET /reports/audit/{id}/pdf: the PDF of the audit's current version), or
 * null when there is none to give: not made yet or made from an older version (404), or its job
 * failed (462). Null also on any other failure: the POST sent beside it then says what to do.
 */
export async function keptPdf(auditId: string): Promise<Blob | null> {
  try {
    return await (await requestResponse(pdfAddress(auditId), { headers: { accept: '*/*' } })).blob();
  } catch {
    return null;
  }
}

/**
 * The report's PDF in one click: the current one downloads at once; otherwise the job is queued,
 * a lasting "being generated" message shows while this page waits for the job's notification, and
 * the file downloads by itself when it is ready (the notification stays, unread, in the drawer).
 * `pdf.ready` (the audit as read: a PDF of its version is kept) lets the click ask for the file
 * itself first.
 */
export function usePdfDownload(audit: Pick<TAudit, '_id' | 'template' | 'establishment'> & { pdf?: Pick<TAudit['pdf'], 'ready'> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const abort = useRef<AbortController | null>(null);
  // Downloaded from this page already: kept on the server since (a reopen elsewhere only costs a 404).
  const downloaded = useRef(false);
  useEffect(() => () => abort.current?.abort(), []);
  const progressKey = `pdf-${audit._id}`;

  return useMutation({
    meta: { silent: true },
    mutationFn: async (): Promise<TOutcome> => {
      const controller = new AbortController();
      abort.current = controller;
      // A PDF known to be kept is asked for directly, beside the request and the notifications
      // (decision 0106): its bytes are the answer (one round trip, no signed URL to follow). Not when
      // none is known: a 404 would be a failed request on the page for nothing.
      const kept = downloaded.current || audit.pdf?.ready ? keptPdf(audit._id) : Promise.resolve(null);
      // What is there before asking, so an earlier PDF's notification is not taken for this one. Read
      // beside the request, not before it (one round trip less, decision 0102): this request's job
      // notifies after rendering, long after this read is answered.
      const asked = Promise.all([searchNotifications('all', 20), requestPdf(audit._id)]);
      asked.catch(() => undefined); // not awaited when the kept PDF answers
      const bytes = await kept;
      if (bytes) {
        saveBlob(bytes, pdfFileName(audit));
        return 'downloaded';
      }
      downloaded.current = false;
      const [notices, answer] = await asked;
      const before = new Set(notices.items.filter((n) => isPdfNotice(n, audit._id)).map((n) => n._id));
      if (answer.pdfUrl) {
        // Kept: from GET …/pdf, compressed on the wire (the signed file address sends it plain).
        await downloadFile(pdfAddress(audit._id), pdfFileName(audit));
        return 'downloaded';
      }
      void message.loading({ key: progressKey, content: t('report.pdfGenerating'), duration: 0 });
      try {
        const notice = await waitForNotice(audit._id, before, controller.signal);
        // The drawer's list reads again beside the download, not before it.
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
        if (!notice) return 'waiting';
        if (notice.payload.body?.status !== 'ready') return 'failed';
        await downloadFile(pdfAddress(audit._id), pdfFileName(audit));
        return 'downloaded';
      } finally {
        message.destroy(progressKey);
      }
    },
    onSuccess: (outcome) => {
      if (outcome === 'downloaded') {
        downloaded.current = true;
        void message.success(t('report.pdfReady'));
      } else if (outcome === 'failed') void message.error(t('report.pdfFailed'));
      else void message.info(t('report.pdfSentToGenerate'));
    },
    onError: (error) => {
      if (!abort.current?.signal.aborted) notifyError(error);
    },
  });
}
