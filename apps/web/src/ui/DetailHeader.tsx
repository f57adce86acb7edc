import type { ReactNode } from 'react';
import { useState } from 'react';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined, CloseOutlined, CopyOutlined, DeleteOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './ConfirmDialog';
import { useViewport } from './useViewport';

interface TProps {
  title: ReactNode;
  subtitle?: ReactNode;
  avatar?: ReactNode;
  /** 'edit' shows cancel and save; 'view' shows edit, duplicate and delete. */
  mode: 'view' | 'edit';
  onBack?: () => void;
  onEdit?: () => void;
  onDuplicate?: () => void;
  onDelete?: () => void;
  deleteDisabled?: boolean;
  deleting?: boolean;
  deleteQuestion?: string;
  /** Shown when the detail lives in a drawer. */
  onClose?: () => void;
  onCancel?: () => void;
  onSave?: () => void;
  saving?: boolean;
}

/** Header of detail and form screens: edit, duplicate, delete (with confirmation), close, cancel and save. */
export function DetailHeader(props: TProps) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const [confirming, setConfirming] = useState(false);
  const label = (text: string) => (isMobile ? undefined : text);
  return (
    <Flex justify="space-between" align="center" gap={12} wrap className="detail-header">
      {/* A basis wide enough for a usual title: on narrow screens the buttons wrap below it rather than cutting it;
          on a phone (no hover for a tooltip) a long title wraps instead of being cut. */}
      <Flex align="center" gap={12} style={{ minWidth: 0, flex: '1 1 360px' }}>
        {props.onBack && <Button type="text" icon={<ArrowLeftOutlined />} onClick={props.onBack} aria-label={t('common.back')} />}
        {props.avatar}
        <div style={{ minWidth: 0 }}>
          <Typography.Title level={3} style={{ margin: 0 }} ellipsis={isMobile ? false : typeof props.title === 'string' ? { tooltip: props.title } : true}>
            {props.title}
          </Typography.Title>
          {props.subtitle && <Typography.Text type="secondary">{props.subtitle}</Typography.Text>}
        </div>
      </Flex>
      <Flex gap={8} wrap>
        {props.mode === 'view' && props.onEdit && (
          <Button icon={<EditOutlined />} onClick={props.onEdit} aria-label={t('common.edit')}>
            {label(t('common.edit'))}
          </Button>
        )}
        {props.mode === 'view' && props.onDuplicate && (
          <Button icon={<CopyOutlined />} onClick={props.onDuplicate} aria-label={t('common.duplicate')}>
            {label(t('common.duplicate'))}
          </Button>
        )}
        {props.mode === 'view' && props.onDelete && (
          <Tooltip title={props.deleteDisabled ? t('common.notOnYourself') : undefined}>
            <Button danger icon={<DeleteOutlined />} onClick={() => setConfirming(true)} disabled={props.deleteDisabled} aria-label={t('common.delete')}>
              {label(t('common.delete'))}
            </Button>
          </Tooltip>
        )}
        {props.mode === 'edit' && props.onCancel && <Button onClick={props.onCancel}>{t('common.cancel')}</Button>}
        {props.mode === 'edit' && props.onSave && (
          <Button type="primary" icon={<SaveOutlined />} onClick={props.onSave} loading={props.saving} data-testid="detail-save">
            {t('common.save')}
          </Button>
        )}
        {props.onClose && <Button type="text" icon={<CloseOutlined />} onClick={props.onClose} aria-label={t('common.close')} />}
      </Flex>
      {props.onDelete && (
        <ConfirmDialog
          open={confirming}
          title={t('common.deleteTitle')}
          content={props.deleteQuestion ?? t('common.deleteQuestion')}
          confirmText={t('common.delete')}
          loading={props.deleting}
          onCancel={() => setConfirming(false)}
          onConfirm={() => {
            setConfirming(false);
            props.onDelete?.();
          }}
        />
      )}
    </Flex>
  );
}
