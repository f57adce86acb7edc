import type { ReactNode } from 'react';
import { Flex, Modal, Typography } from 'antd';
import { ExclamationCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface TProps {
  open: boolean;
  title: string;
  content?: ReactNode;
  confirmText?: string;
  danger?: boolean;
  loading?: boolean;
  /** The confirm button stays disabled (something is still to be chosen in the content). */
  disabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before a destructive action; Escape or Cancel closes it. */
export function ConfirmDialog({ open, title, content, confirmText, danger = true, loading, disabled, onConfirm, onCancel }: TProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={
        <Flex gap={10} align="center">
          <ExclamationCircleFilled style={{ color: danger ? '#d4380d' : '#faad14' }} />
          {title}
        </Flex>
      }
      onOk={onConfirm}
      onCancel={onCancel}
      okText={confirmText ?? t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger, loading, disabled }}
      width={440}
      destroyOnHidden
    >
      {content && <Typography.Paragraph style={{ marginBottom: 0 }}>{content}</Typography.Paragraph>}
    </Modal>
  );
}
