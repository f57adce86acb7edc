import { useState } from 'react';
import { DatePicker, Flex, Progress, Typography, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_ACCEPT } from '@audit/domain/documents/schemas';
import { DOCUMENTS_KEY, uploadDocument } from './documentsApi';

interface TRow {
  uid: string;
  name: string;
  percent: number;
  error?: string;
  done?: boolean;
}

/**
 * Drop several files at once (or pick them with the keyboard): each is its own request with its
 * own progress bar and its own error; the dates apply to the files dropped after they are set.
 */
export function DropZone({ folder, document }: { folder?: string; document?: string }) {
  const { t, i18n } = useTranslation();
  const queries = useQueryClient();
  const [rows, setRows] = useState<TRow[]>([]);
  const [effective, setEffective] = useState<Dayjs | null>(null);
  const [expiry, setExpiry] = useState<Dayjs | null>(null);
  const patch = (uid: string, next: Partial<TRow>) => setRows((all) => all.map((r) => (r.uid === uid ? { ...r, ...next } : r)));
  return (
    <Flex vertical gap={8}>
      <Flex gap={8} wrap>
        <DatePicker aria-label={t('documents.effectiveDate')} placeholder={t('documents.effectiveDate')} value={effective} onChange={setEffective} />
        <DatePicker aria-label={t('documents.expiryDate')} placeholder={t('documents.expiryDate')} value={expiry} onChange={setExpiry} />
      </Flex>
      <Upload.Dragger
        multiple={!document}
        accept={DOCUMENT_ACCEPT}
        showUploadList={false}
        disabled={!folder && !document}
        customRequest={({ file }) => {
          const f = file as File & { uid: string };
          setRows((all) => [...all, { uid: f.uid, name: f.name, percent: 0 }]);
          uploadDocument(
            f,
            { folder: document ? undefined : folder, document, effectiveDate: effective?.format('YYYY-MM-DD'), expiryDate: expiry?.format('YYYY-MM-DD') },
            i18n.language,
            (percent) => patch(f.uid, { percent }),
            t('documents.tooLarge'),
          )
            .then(() => {
              patch(f.uid, { percent: 100, done: true });
              void queries.invalidateQueries({ queryKey: DOCUMENTS_KEY });
            })
            .catch((e: Error) => patch(f.uid, { error: e.message === 'network' ? t('documents.networkError') : e.message }));
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">{t(document ? 'documents.dropVersion' : 'documents.drop')}</p>
        <p className="ant-upload-hint">{t('documents.dropHint')}</p>
      </Upload.Dragger>
      {rows.map((r) => (
        <div key={r.uid} data-testid="upload-row" data-state={r.error ? 'error' : r.done ? 'done' : 'uploading'}>
          <Typography.Text ellipsis>{r.name}</Typography.Text>
          <Progress percent={r.percent} size="small" status={r.error ? 'exception' : r.done ? 'success' : 'active'} />
          {r.error && <Typography.Text type="danger">{r.error}</Typography.Text>}
        </div>
      ))}
    </Flex>
  );
}
