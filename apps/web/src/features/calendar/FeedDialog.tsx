import { useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyError, notifyInfo } from '../../ui/feedback';
import { useFeedLink, useFeedLinkChange } from './calendarApi';

/**
 * The private iCalendar link a phone's calendar subscribes to: its URL is shown once, when it is
 * made (only its hash is kept); rotating makes a new one and ends the old, revoking ends it.
 */
export function FeedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const link = useFeedLink(open);
  const { rotate, revoke } = useFeedLinkChange();
  const [url, setUrl] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const active = link.data?.active ?? false;
  const make = () =>
    rotate.mutate(undefined, {
      onSuccess: (made) => {
        setUrl(made.url);
        setConfirm(null);
      },
      onError: notifyError,
    });
  const end = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setConfirm(null);
      },
      onError: notifyError,
    });
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    notifyInfo(t('calendar.feed.copied'));
  };
  const since = link.data?.createdAt ? new Date(link.data.createdAt).toLocaleString(i18n.language) : '';
  return (
    <Modal open={open} title={t('calendar.feed.title')} onCancel={onClose} footer={<Button onClick={onClose}>{t('common.close')}</Button>}>
      <Typography.Paragraph>{t('calendar.feed.intro')}</Typography.Paragraph>
      {link.isError && <Alert type="error" showIcon message={t('common.loadError')} />}
      {url && (
        <Flex vertical gap={8} style={{ marginBottom: 12 }}>
          <Flex gap={8}>
            <Input readOnly value={url} aria-label={t('calendar.feed.link')} onFocus={(e) => e.target.select()} />
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('calendar.feed.copy')}
            </Button>
          </Flex>
          <Typography.Text type="secondary">{t('calendar.feed.onlyOnce')}</Typography.Text>
        </Flex>
      )}
      {!url && active && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('calendar.feed.activeSince', { since })} />}
      <Flex gap={8} wrap>
        {active || url ? (
          <>
            <Button onClick={() => setConfirm('rotate')} loading={rotate.isPending}>
              {t('calendar.feed.rotate')}
            </Button>
            <Button danger onClick={() => setConfirm('revoke')} loading={revoke.isPending}>
              {t('calendar.feed.revoke')}
            </Button>
          </>
        ) : (
          <Button type="primary" onClick={make} loading={rotate.isPending || link.isPending}>
            {t('calendar.feed.create')}
          </Button>
        )}
      </Flex>
      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm === 'revoke' ? 'calendar.feed.revokeConfirm' : 'calendar.feed.rotateConfirm')}
        confirmText={t(confirm === 'revoke' ? 'calendar.feed.revoke' : 'calendar.feed.rotate')}
        loading={rotate.isPending || revoke.isPending}
        onConfirm={confirm === 'revoke' ? end : make}
        onCancel={() => setConfirm(null)}
      />
    </Modal>
  );
}
