import { useEffect, useState } from 'react';
import { Button, Descriptions, Drawer, Flex, List, Modal, Select, Space, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, ShareAltOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { formatDay } from '@audit/domain/dates';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { ErrorState, PageSkeleton } from '../../ui/PageStates';
import { useViewport } from '../../ui/useViewport';
import { DocumentStateTag } from './DocumentStateTag';
import { DOCUMENTS_KEY, removeDocument, shareDocument, useDocument, usePeople, versionBlobUrl, type TDocumentDetail } from './documentsApi';
import { DropZone } from './DropZone';

const size = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

/** Opens a version: PDF in an iframe, an image in an img, anything else downloaded. */
function Preview({ doc, versionId, onClose }: { doc: TDocumentDetail; versionId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const version = doc.versions.find((v) => v._id === versionId);
  useEffect(() => {
    let made: string | null = null;
    versionBlobUrl(doc._id, versionId)
      .then((u) => setUrl((made = u)))
      .catch(notifyError);
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [doc._id, versionId]);
  const type = version?.contentType ?? '';
  return (
    <Modal open title={version?.fileName} onCancel={onClose} footer={null} width="min(960px, 100vw)" destroyOnHidden>
      {!url ? (
        <PageSkeleton rows={4} />
      ) : type.startsWith('image/') ? (
        <img src={url} alt={version?.fileName} style={{ maxWidth: '100%' }} data-testid="document-preview" />
      ) : type === 'application/pdf' ? (
        <iframe src={url} title={version?.fileName} style={{ width: '100%', height: '70vh', border: 0 }} data-testid="document-preview" />
      ) : (
        <Typography.Paragraph>{t('documents.noPreview')}</Typography.Paragraph>
      )}
    </Modal>
  );
}

function ShareDialog({ doc, onClose }: { doc: TDocumentDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const people = usePeople(doc._id);
  const [users, setUsers] = useState(doc.sharedWith.map((u) => u._id));
  const [saving, setSaving] = useState(false);
  const save = async () => {
    setSaving(true);
    try {
      await shareDocument(doc._id, users);
      notifySuccess('updateSuccess');
      await queries.invalidateQueries({ queryKey: DOCUMENTS_KEY });
      onClose();
    } catch (e) {
      notifyError(e);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('documents.share')} onCancel={onClose} onOk={save} okText={t('documents.shareSave')} confirmLoading={saving}>
      <Select
        mode="multiple"
        style={{ width: '100%' }}
        aria-label={t('documents.shareWith')}
        placeholder={t('documents.shareWith')}
        loading={people.isLoading}
        value={users}
        onChange={setUsers}
        optionFilterProp="label"
        options={(people.data ?? []).map((p) => ({ value: p._id, label: `${p.fullName} · ${p.email}` }))}
      />
    </Modal>
  );
}

/** A document: its state and dates, preview, versions (download any), a new version, sharing, delete. */
export function DocumentDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const queries = useQueryClient();
  const doc = useDocument(id);
  const [preview, setPreview] = useState<string | null>(null);
  const [sharing, setSharing] = useState(false);
  const d = doc.data;
  const download = async (versionId: string, name: string) => {
    try {
      const url = await versionBlobUrl(id, versionId, true);
      const a = Object.assign(window.document.createElement('a'), { href: url, download: name });
      a.click();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (e) {
      notifyError(e);
    }
  };
  const remove = () =>
    Modal.confirm({
      title: t('documents.deleteTitle'),
      content: t('documents.deleteText', { name: d?.name }),
      okText: t('documents.delete'),
      okButtonProps: { danger: true },
      cancelText: t('documents.cancel'),
      onOk: async () => {
        try {
          await removeDocument(id);
          notifySuccess('deleteSuccess');
          await queries.invalidateQueries({ queryKey: DOCUMENTS_KEY });
          onClose();
        } catch (e) {
          notifyError(e);
        }
      },
    });
  return (
    <Drawer open onClose={onClose} title={d?.name ?? t('documents.document')} width={isMobile ? '100%' : 560} destroyOnHidden>
      {doc.isLoading && <PageSkeleton />}
      {doc.isError && <ErrorState error={doc.error} onRetry={() => void doc.refetch()} />}
      {d && (
        <Flex vertical gap={16}>
          <Space wrap>
            <Button icon={<EyeOutlined />} type="primary" onClick={() => setPreview(d.currentVersion)}>
              {t('documents.preview')}
            </Button>
            <Button icon={<DownloadOutlined />} onClick={() => void download(d.currentVersion, d.fileName)}>
              {t('documents.download')}
            </Button>
            {d.can.share && (
              <Button icon={<ShareAltOutlined />} onClick={() => setSharing(true)}>
                {t('documents.share')}
              </Button>
            )}
            {d.can.delete && (
              <Button icon={<DeleteOutlined />} danger onClick={remove}>
                {t('documents.delete')}
              </Button>
            )}
          </Space>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('documents.stateLabel')}>
              <DocumentStateTag state={d.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('documents.folder')}>{`${d.space.name} › ${d.folder.name}`}</Descriptions.Item>
            <Descriptions.Item label={t('documents.effectiveDate')}>{d.effectiveDate ? formatDay(d.effectiveDate) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('documents.expiryDate')}>{d.expiryDate ? formatDay(d.expiryDate) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('documents.sharedWith')}>{d.sharedWith.map((u) => u.fullName).join(', ') || '—'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5}>{t('documents.versions')}</Typography.Title>
          <List
            size="small"
            dataSource={d.versions}
            renderItem={(v) => (
              <List.Item
                actions={[
                  <Button key="p" size="small" icon={<EyeOutlined />} aria-label={t('documents.preview')} onClick={() => setPreview(v._id)} />,
                  <Button
                    key="d"
                    size="small"
                    icon={<DownloadOutlined />}
                    aria-label={t('documents.download')}
                    onClick={() => void download(v._id, v.fileName)}
                  />,
                ]}
              >
                <List.Item.Meta
                  title={`v${v.number} · ${v.fileName}`}
                  description={`${formatDay(v.createdAt.slice(0, 10))} · ${size(v.size)}${v.uploadedBy?.name ? ` · ${v.uploadedBy.name}` : ''}`}
                />
              </List.Item>
            )}
          />
          <Typography.Title level={5}>{t('documents.newVersion')}</Typography.Title>
          <DropZone document={d._id} />
          {preview && <Preview doc={d} versionId={preview} onClose={() => setPreview(null)} />}
          {sharing && <ShareDialog doc={d} onClose={() => setSharing(false)} />}
        </Flex>
      )}
    </Drawer>
  );
}
