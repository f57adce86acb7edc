import { useState } from 'react';
import { Avatar, Button, Empty, Flex, Input, Popover, Spin, Tag, Typography } from 'antd';
import { ApartmentOutlined, CheckOutlined, DownOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { initialsOf } from '../../session/me';
import { useCurrentSpace } from '../../session/space';
import { getStoredSpace, storeSession, type TSpaceSummary } from '../../session/storage';
import { ErrorState } from '../../ui/PageStates';
import { usePaintedOnce } from '../../ui/usePaintedOnce';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { spaceTree, type TSpaceRow } from './spaceTree';
import { useMySpaces, useSpaceAccess } from './spacesApi';

/** The "└" that ties a row to its parent above. */
const BRANCH = { width: 10, height: 14, marginTop: -10, borderInlineStart: '1px solid #b7c7c4', borderBottom: '1px solid #b7c7c4', flex: 'none' } as const;

function SpaceRow({ row, current, onPick, busy, flat }: { row: TSpaceRow; current: boolean; onPick: () => void; busy: boolean; flat: boolean }) {
  const { space, level } = row;
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`space-option${current ? ' is-current' : ''}`}
      onClick={onPick}
      disabled={busy}
      data-testid="space-option"
      style={{ paddingInlineStart: 8 + (flat ? 0 : Math.min(level, 4) * 16) }}
      data-level={flat ? 0 : level}
    >
      {!flat && level > 0 && <span aria-hidden style={BRANCH} />}
      <Avatar shape="square" size={32} src={space.logo || undefined} style={{ background: current ? '#0b6e5f' : '#5b7b83', flex: 'none' }}>
        {initialsOf(space.name)}
      </Avatar>
      <span style={{ flex: 1, minWidth: 0, textAlign: 'left' }}>
        <Typography.Text strong={current} ellipsis style={{ display: 'block' }}>
          {space.name}
        </Typography.Text>
        <Typography.Text type="secondary" ellipsis style={{ fontSize: 12, display: 'block' }}>
          {t(`spaces.type.${space.typeStructure}`, { defaultValue: space.typeStructure })}
          {/* Searching shows matches alone: name where each one is. */}
          {flat && row.trail.length > 0 && ` · ${row.trail.join(' › ')}`}
        </Typography.Text>
      </span>
      {current && <CheckOutlined style={{ color: '#0b6e5f' }} />}
    </button>
  );
}

/** Header space selector: current space name; a search box and the user's spaces; choosing one enters it. */
export function SpaceSelector({ compact }: { compact?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search);
  const current = useCurrentSpace();
  const spaces = useMySpaces(debounced, open);
  // The whole list (cached) names where each search match is.
  const all = useMySpaces('', open && Boolean(debounced.trim()));
  const access = useSpaceAccess();
  const currentId = current.data?._id ?? getStoredSpace()?._id;
  const name = current.data?.name ?? getStoredSpace()?.name ?? '…';
  const needle = debounced.trim().toLowerCase();
  const list = (spaces.data ?? []).filter((s) => !needle || s.name.toLowerCase().includes(needle) || s.identifier.includes(needle));
  const rows = spaceTree(list, all.data ?? []);

  const pick = (space: TSpaceSummary) => {
    if (space._id === currentId) return setOpen(false);
    access.mutate(space._id, {
      onSuccess: (session) => {
        storeSession(session);
        setOpen(false);
        navigate('/impersonate');
      },
    });
  };

  const content = (
    <div style={{ width: compact ? 'min(86vw, 340px)' : 340 }} data-testid="space-selector-panel">
      <Input
        autoFocus
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('spaces.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        aria-label={t('spaces.search')}
      />
      <div className="space-list">
        {spaces.isPending && (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin />
          </Flex>
        )}
        {spaces.isError && <ErrorState error={spaces.error} onRetry={() => void spaces.refetch()} />}
        {spaces.isSuccess && list.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spaces.empty')} />}
        {rows.map((row) => (
          <SpaceRow
            key={row.space._id}
            row={row}
            flat={Boolean(needle)}
            current={row.space._id === currentId}
            busy={access.isPending}
            onPick={() => pick(row.space)}
          />
        ))}
      </div>
    </div>
  );

  // The popover's machinery mounts in the frame after the page's first (0.1 s of a page's first render on
  // a tablet, decision 0124); a click before that opens it as soon as it is there.
  const painted = usePaintedOnce();
  const button = (
    <Button
      className="space-selector"
      data-testid="space-selector"
      aria-label={t('spaces.title')}
      loading={access.isPending}
      onClick={painted ? undefined : () => setOpen(true)}
    >
      <ApartmentOutlined />
      <span className="space-selector-name">{name}</span>
      {!compact && current.data && (
        <Tag style={{ marginInlineEnd: 0 }}>{t(`spaces.type.${current.data.typeStructure}`, { defaultValue: current.data.typeStructure })}</Tag>
      )}
      <DownOutlined style={{ fontSize: 10 }} />
    </Button>
  );
  if (!painted) return button;
  return (
    <Popover content={content} title={t('spaces.title')} trigger="click" open={open} onOpenChange={setOpen} placement="bottomLeft" arrow={false}>
      {button}
    </Popover>
  );
}
