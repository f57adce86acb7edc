import { useCallback, useState } from 'react';
import { Alert, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isError } from '../../api/errors';
import { userCan, useMe } from '../../session/me';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { notifyError } from '../../ui/feedback';
import { ListPage } from '../../ui/ListPage';
import { PhoneCard, PhoneCards } from '../../ui/PhoneCards';
import { useViewport } from '../../ui/useViewport';
import { RegisterTemplateFormDialog } from './RegisterTemplateFormDialog';
import { RowActions, templateColumns, type TRowHandlers } from './templateRowActions';
import {
  REGISTER_TEMPLATES_PAGE_SIZE,
  useCreateRegisterTemplate,
  useDuplicateRegisterTemplate,
  useRegisterTemplatesList,
  useRemoveRegisterTemplate,
  useReorderRegisterTemplate,
  type TRegisterTemplateRow,
} from './registerTemplatesApi';

/**
 * /templates/registers: the register templates of the caller's space in their list order. Create
 * opens the editor; delete asks first, and a template still used by a register says so (420).
 */
export function RegisterTemplatesListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canCreate = userCan(useMe().data, 'TEMPLATES:CREATE');
  const { isMobile } = useViewport();
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<TRegisterTemplateRow | null>(null);
  const [inUse, setInUse] = useState(false);
  const list = useRegisterTemplatesList({ page, search });
  const create = useCreateRegisterTemplate();
  const duplicate = useDuplicateRegisterTemplate();
  const reorder = useReorderRegisterTemplate();
  const remove = useRemoveRegisterTemplate();
  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(0);
  }, []);
  const closeRemove = () => {
    setRemoving(null);
    setInUse(false);
  };

  const handlers: TRowHandlers = {
    onEdit: (tpl) => navigate(`/templates/manage/register-type/${tpl._id}`),
    onDuplicate: (tpl) => duplicate.mutate(tpl._id),
    onMove: (tpl, by) => reorder.mutate({ id: tpl._id, position: Math.max(0, tpl.order + by) }),
    onRemove: setRemoving,
  };

  return (
    <>
      <ListPage<TRegisterTemplateRow>
        title={t('registerTemplates.title')}
        settingsKey="table.registerTemplates"
        columns={templateColumns(t, handlers, list.data?.total ?? 0)}
        defaultHidden={['language']}
        rowKey={(tpl) => tpl._id}
        rows={list.data?.items}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        error={list.error}
        onRetry={() => void list.refetch()}
        page={page}
        pageSize={REGISTER_TEMPLATES_PAGE_SIZE}
        onPageChange={(next) => setPage(next)}
        search={search}
        onSearch={onSearch}
        emptyText={t('registerTemplates.empty')}
        onAdd={canCreate ? () => setCreating(true) : undefined}
        addLabel={t('registerTemplates.add')}
        // A phone lists them as cards: order and name, title, category, and the row's actions.
        view={isMobile ? 'directory' : 'table'}
        directory={
          <PhoneCards
            testId="register-template-cards"
            items={list.data?.items}
            total={list.data?.total ?? 0}
            page={page}
            pageSize={REGISTER_TEMPLATES_PAGE_SIZE}
            onPageChange={setPage}
            loading={list.isPending}
            error={list.error}
            onRetry={() => void list.refetch()}
            emptyText={t('registerTemplates.empty')}
            rowKey={(tpl) => tpl._id}
            renderCard={(tpl) => (
              <PhoneCard
                testId="register-template-card"
                title={`${tpl.order + 1}. ${tpl.name}`}
                meta={[tpl.title, tpl.category?.name].filter(Boolean).join(' · ')}
                onOpen={() => handlers.onEdit(tpl)}
              >
                <Flex justify="end" onClick={(e) => e.stopPropagation()}>
                  <RowActions tpl={tpl} handlers={handlers} first={tpl.order === 0} last={tpl.order >= (list.data?.total ?? 0) - 1} />
                </Flex>
              </PhoneCard>
            )}
          />
        }
      />
      <RegisterTemplateFormDialog
        open={creating}
        title={t('registerTemplates.add')}
        saving={create.isPending}
        onCancel={() => setCreating(false)}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          setCreating(false);
          navigate(`/templates/manage/register-type/${created._id}`);
        }}
      />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('registerTemplates.removeTitle')}
        content={
          <Flex vertical gap={8}>
            <span>{t('registerTemplates.removeQuestion', { name: removing?.name ?? '' })}</span>
            {inUse && <Alert type="warning" showIcon title={t('registerTemplates.inUse')} data-testid="template-in-use" />}
          </Flex>
        }
        confirmText={inUse ? t('common.close') : t('common.delete')}
        danger={!inUse}
        loading={remove.isPending}
        onCancel={closeRemove}
        onConfirm={() => {
          if (inUse) return closeRemove();
          remove.mutate(removing!._id, {
            onSuccess: closeRemove,
            onError: (error) => {
              // 420: a register still uses it; the warning stays in the dialog (delete those registers first).
              if (isError(error, 'alreadyExists')) setInUse(true);
              else {
                notifyError(error);
                closeRemove();
              }
            },
          });
        }}
      />
    </>
  );
}
