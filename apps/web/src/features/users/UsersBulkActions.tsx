import { useState } from 'react';
import { Button, Dropdown, Flex, Typography } from 'antd';
import { DeleteOutlined, DownOutlined, SwapOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useViewport } from '../../ui/useViewport';
import { useChangeStatus, useRemoveUsers } from './usersApi';
import type { TSettableStatus } from './userStatus';

/** Bulk status change and bulk remove; disabled while nothing is selected. */
export function UsersBulkActions({ selected, onDone }: { selected: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const changeStatus = useChangeStatus();
  const remove = useRemoveUsers();
  const { isMobile } = useViewport();
  const none = selected.length === 0;
  const statuses: TSettableStatus[] = ['ACTIVE', 'LOCK'];
  return (
    <Flex gap={8} align="center" wrap>
      {!none && (
        <Typography.Text type="secondary" data-testid="selected-count">
          {t('list.selected', { count: selected.length })}
        </Typography.Text>
      )}
      <Dropdown
        disabled={none}
        trigger={['click']}
        menu={{
          items: statuses.map((status) => ({ key: status, label: t(`users.setStatus.${status}`) })),
          onClick: ({ key }) => changeStatus.mutate({ users: selected, status: key as TSettableStatus }, { onSuccess: onDone }),
        }}
      >
        <Button icon={<SwapOutlined />} aria-label={t('users.bulk.status')} disabled={none} loading={changeStatus.isPending} data-testid="bulk-status">
          {!isMobile && t('users.bulk.status')} <DownOutlined />
        </Button>
      </Dropdown>
      <Button
        danger
        icon={<DeleteOutlined />}
        disabled={none}
        loading={remove.isPending}
        onClick={() => setConfirming(true)}
        data-testid="bulk-remove"
        aria-label={t('users.bulk.remove')}
      >
        {!isMobile && t('users.bulk.remove')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t('users.bulk.removeTitle')}
        content={t('users.bulk.removeQuestion', { count: selected.length })}
        confirmText={t('common.delete')}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          remove.mutate(selected, { onSuccess: onDone });
        }}
      />
    </Flex>
  );
}
