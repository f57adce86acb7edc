import { useState } from 'react';
import { Breadcrumb, Button, Empty, Flex, Input, Menu, Modal, Table, Typography } from 'antd';
import { DeleteOutlined, FolderAddOutlined, FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { formatDay } from '@audit/domain/dates';
import { notifyError, notifySuccess } from '../../ui/feedback';
import { ErrorState } from '../../ui/PageStates';
import { useDebouncedValue } from '../../ui/useDebouncedValue';
import { useViewport } from '../../ui/useViewport';
import { DocumentDrawer } from './DocumentDrawer';
import { DocumentStateTag } from './DocumentStateTag';
import { createFolder, DOCUMENTS_KEY, removeFolder, useDocuments, useFolders, type TDocument } from './documentsApi';
import { DropZone } from './DropZone';

/**
 * Documents of a client or establishment (`space`), or of every space the user sees (/documentation):
 * folders on the side (or on top on a phone), the folder's documents with their state, a drop zone,
 * and a document's drawer at ?document={id} (a link the notifications open).
 */
export function DocumentsBrowser({ space, folderSpace }: { space?: string; folderSpace?: string }) {
  const { t } = useTranslation();
  const { isMobile } = useViewport();
  const queries = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [folder, setFolder] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(10);
  const debounced = useDebouncedValue(search, 300);
  const folders = useFolders(space);
  const list = useDocuments({ space, folder, search: debounced, page, size });
  const open = params.get('document') ?? undefined;
  const select = (id: string | null) =>
    setParams((old) => {
      const out = new URLSearchParams(old);
      if (id) out.set('document', id);
      else out.delete('document');
      return out;
    });
  const current = folders.data?.find((f) => f._id === folder);
  const [naming, setNaming] = useState<string | null>(null);
  const addFolder = async () => {
    if (!naming?.trim() || !folderSpace) return;
    try {
      const made = await createFolder(folderSpace, naming.trim());
      notifySuccess('createSuccess');
      setNaming(null);
      await queries.invalidateQueries({ queryKey: DOCUMENTS_KEY });
      setFolder(made._id);
    } catch (e) {
      notifyError(e);
    }
  };
  const deleteFolder = () =>
    current &&
    Modal.confirm({
      title: t('documents.deleteFolderTitle'),
      content: t('documents.deleteFolderText', { name: current.name }),
      okText: t('documents.delete'),
      okButtonProps: { danger: true },
      cancelText: t('documents.cancel'),
      onOk: async () => {
        try {
          await removeFolder(current._id);
          notifySuccess('deleteSuccess');
          setFolder(undefined);
          await queries.invalidateQueries({ queryKey: DOCUMENTS_KEY });
        } catch (e) {
          notifyError(e);
        }
      },
    });
  const menu = (
    // On a phone the folders are a horizontal menu as wide as the screen (its overflow folds into "…").
    <Flex vertical gap={8} style={isMobile ? { width: '100%', minWidth: 0 } : { minWidth: 220 }}>
      <Menu
        mode={isMobile ? 'horizontal' : 'inline'}
        selectedKeys={[folder ?? 'all']}
        onClick={({ key }) => {
          setFolder(key === 'all' ? undefined : key);
          setPage(0);
        }}
        items={[
          { key: 'all', icon: <FolderOutlined />, label: t('documents.allFolders') },
          ...(folders.data ?? []).map((f) => ({ key: f._id, icon: <FolderOutlined />, label: space ? f.name : `${f.name} · ${f.space.name}` })),
        ]}
      />
      {folderSpace && (
        <Button icon={<FolderAddOutlined />} onClick={() => setNaming('')}>
          {t('documents.newFolder')}
        </Button>
      )}
    </Flex>
  );
  const columns = [
    {
      key: 'name',
      title: t('documents.name'),
      render: (_: unknown, d: TDocument) => <Typography.Link onClick={() => select(d._id)}>{d.name}</Typography.Link>,
    },
    { key: 'state', title: t('documents.stateLabel'), render: (_: unknown, d: TDocument) => <DocumentStateTag state={d.state} /> },
    { key: 'expiryDate', title: t('documents.expiryDate'), render: (_: unknown, d: TDocument) => (d.expiryDate ? formatDay(d.expiryDate) : '—') },
    ...(isMobile ? [] : [{ key: 'version', title: t('documents.version'), render: (_: unknown, d: TDocument) => `v${d.version}` }]),
    ...(isMobile || folder ? [] : [{ key: 'folder', title: t('documents.folder'), render: (_: unknown, d: TDocument) => d.folder.name }]),
  ];
  return (
    <Flex gap={16} vertical={isMobile} align="flex-start" style={{ width: '100%' }}>
      {menu}
      <Flex vertical gap={12} style={{ flex: 1, minWidth: 0, width: '100%' }}>
        <Breadcrumb items={[{ title: t('documents.title') }, ...(current ? [{ title: current.name }] : [])]} />
        <Flex gap={8} wrap>
          <Input.Search
            allowClear
            aria-label={t('documents.search')}
            placeholder={t('documents.search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            style={{ maxWidth: 320 }}
          />
          {current?.can.delete && (
            <Button icon={<DeleteOutlined />} danger onClick={deleteFolder}>
              {t('documents.deleteFolder')}
            </Button>
          )}
        </Flex>
        {current ? <DropZone folder={current._id} /> : <Typography.Text type="secondary">{t('documents.pickFolder')}</Typography.Text>}
        {list.isError ? (
          <ErrorState error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <Table<TDocument>
            rowKey="_id"
            size="small"
            loading={list.isLoading || folders.isLoading}
            columns={columns}
            dataSource={list.data?.items ?? []}
            onRow={(d) => ({ onKeyDown: (e) => e.key === 'Enter' && select(d._id), tabIndex: 0 })}
            locale={{ emptyText: <Empty description={t(debounced ? 'documents.emptySearch' : 'documents.empty')} /> }}
            pagination={{
              current: page + 1,
              pageSize: size,
              total: list.data?.total ?? 0,
              showSizeChanger: true,
              onChange: (p, s) => {
                setPage(p - 1);
                setSize(s);
              },
            }}
            scroll={{ x: true }}
          />
        )}
      </Flex>
      {naming !== null && (
        <Modal
          open
          title={t('documents.newFolder')}
          onCancel={() => setNaming(null)}
          onOk={() => void addFolder()}
          okText={t('documents.create')}
          cancelText={t('documents.cancel')}
        >
          <Input
            autoFocus
            aria-label={t('documents.folderName')}
            placeholder={t('documents.folderPlaceholder')}
            value={naming}
            maxLength={200}
            onChange={(e) => setNaming(e.target.value)}
            onPressEnter={() => void addFolder()}
          />
        </Modal>
      )}
      {open && <DocumentDrawer id={open} onClose={() => select(null)} />}
    </Flex>
  );
}
