import { useState } from 'react';
import { App, Button, Flex, Input, Popover, Typography } from 'antd';
import { CopyOutlined, LinkOutlined, ShareAltOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { publicReportUrl, useShare } from './auditActionsApi';

/** Writes to the clipboard; where the API is missing or refused, a hidden textarea and copy. */
async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = Object.assign(document.createElement('textarea'), { value: text });
    document.body.append(area);
    area.select();
    const ok = document.execCommand('copy');
    area.remove();
    return ok;
  }
}

/**
 * Share: enables the public link if needed and copies it (product document, audit header); the
 * popover shows the link, copies it again or turns sharing off.
 */
export function ShareControl({ auditId, language, enabled, compact }: { auditId: string; language: string; enabled: boolean; compact: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const share = useShare(auditId);
  const [open, setOpen] = useState(false);
  const url = publicReportUrl(auditId, language);

  const copy = async () => {
    if (await copyText(url)) void message.success(t('report.share.copied'));
    else void message.warning(t('report.share.copyFailed'));
  };
  const onShare = () => {
    setOpen(true);
    if (enabled) void copy();
    else share.mutate(true, { onSuccess: () => void copy() });
  };

  const content = (
    <Flex vertical gap={10} style={{ width: 360, maxWidth: '80vw' }} data-testid="share-panel">
      {enabled ? (
        <>
          <Typography.Text type="secondary">{t('report.share.enabledHint')}</Typography.Text>
          <Input readOnly value={url} aria-label={t('report.share.link')} data-testid="share-url" onFocus={(e) => e.target.select()} />
          <Flex gap={8} justify="space-between" wrap>
            <Button
              danger
              icon={<StopOutlined />}
              loading={share.isPending}
              onClick={() => share.mutate(false, { onSuccess: () => void message.success(t('report.share.disabled')) })}
              data-testid="share-disable"
            >
              {t('report.share.disable')}
            </Button>
            <Button icon={<CopyOutlined />} onClick={() => void copy()}>
              {t('report.share.copy')}
            </Button>
          </Flex>
        </>
      ) : (
        <Typography.Text type="secondary">{share.isPending ? t('report.share.enabling') : t('report.share.disabledHint')}</Typography.Text>
      )}
    </Flex>
  );

  return (
    <Popover
      open={open}
      onOpenChange={(next) => !next && setOpen(false)}
      trigger="click"
      content={content}
      title={t('report.share.title')}
      placement="bottomRight"
    >
      <Button
        icon={enabled ? <LinkOutlined /> : <ShareAltOutlined />}
        loading={share.isPending && !enabled}
        onClick={onShare}
        aria-label={t('report.share.button')}
        data-testid="report-share"
      >
        {!compact && (enabled ? t('report.share.shared') : t('report.share.button'))}
      </Button>
    </Popover>
  );
}
