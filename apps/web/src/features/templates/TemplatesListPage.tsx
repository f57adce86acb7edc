import './templates.css';
import { useCallback, useState } from 'react';
import { Card, Collapse, Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { WarningOutlined } from '@ant-design/icons';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { userCan, useMe } from '../../session/me';
import { ListPage } from '../../ui/ListPage';
import { PhoneCard, PhoneCards } from '../../ui/PhoneCards';
import { useViewport } from '../../ui/useViewport';
import { CategoryTree } from './CategoryTree';
import { templateColumns, templateContent } from './templateColumns';
import { countFilters, TemplateFilters } from './TemplateFilters';
import { TemplateFormDialog } from './TemplateFormDialog';
import { TemplateRowActions, type TTemplateActionHandlers } from './TemplateRowActions';
import {
  TEMPLATES_PAGE_SIZE,
  useCreateTemplate,
  useDuplicateTemplate,
  useRemoveTemplate,
  useSetEnabled,
  useTemplatesList,
  useTemplateUsage,
  type TTemplateFilters,
  type TTemplateSummary,
} from './templatesApi';

/** /templates: the category tree on the left, the templates of the chosen category (and below) on the right. */
export function TemplatesListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { isMobile, isCompact } = useViewport();
  // Creating and duplicating need TEMPLATES:CREATE (auditors only read templates).
  const canCreate = userCan(useMe().data, 'TEMPLATES:CREATE');
  const [page, setPage] = useState(0);
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState<string | undefined>();
  const [filters, setFilters] = useState<TTemplateFilters>({});
  const [creating, setCreating] = useState(false);
  const [removing, setRemoving] = useState<TTemplateSummary | null>(null);
  const list = useTemplatesList({ page, search, categoryTree: category, filters });
  const create = useCreateTemplate();
  const duplicate = useDuplicateTemplate();
  const remove = useRemoveTemplate();
  const setEnabled = useSetEnabled();

  const onSearch = useCallback((text: string) => {
    setSearch(text);
    setPage(0);
  }, []);

  const handlers: TTemplateActionHandlers = {
    onEdit: (tpl) => navigate(`/templates/${tpl._id}`),
    onDuplicate: (tpl) => duplicate.mutate(tpl._id),
    onEnabled: (tpl, enabled) => setEnabled.mutate({ id: tpl._id, enabled }),
    onRemove: setRemoving,
  };

  const tree = (
    <CategoryTree
      value={category}
      onChange={(id) => {
        setCategory(id);
        setPage(0);
      }}
    />
  );

  return (
    <Flex gap={16} vertical={isCompact} align="flex-start" className="templates-page">
      {/* Below 992 px a side tree would leave the table too little room: it folds above the list. */}
      {isCompact ? (
        <Collapse style={{ width: '100%' }} items={[{ key: 'tree', label: t('templates.categories'), children: tree }]} />
      ) : (
        <Card className="templates-tree" styles={{ body: { padding: 16 } }}>
          {tree}
        </Card>
      )}
      <div style={{ flex: 1, minWidth: 0, width: '100%' }}>
        {/* The incident templates of every template, in one list (/templates/list/incidents). */}
        <Flex justify="flex-end" style={{ marginBottom: 8 }}>
          <Link to="/templates/list/incidents" data-testid="incident-library-link">
            <WarningOutlined /> {t('templates.library.open')}
          </Link>
        </Flex>
        <ListPage<TTemplateSummary>
          title={t('templates.title')}
          settingsKey="table.templates"
          columns={templateColumns(t, handlers, { pinActions: true })}
          defaultHidden={['areaAccess', 'language']}
          rowKey={(tpl) => tpl._id}
          rows={list.data?.items}
          total={list.data?.total ?? 0}
          loading={list.isFetching}
          error={list.error}
          onRetry={() => void list.refetch()}
          page={page}
          pageSize={TEMPLATES_PAGE_SIZE}
          onPageChange={(next) => setPage(next)}
          search={search}
          onSearch={onSearch}
          activeFilters={countFilters(filters)}
          renderFilters={(close) => (
            <TemplateFilters
              value={filters}
              onApply={(next) => {
                setFilters(next);
                setPage(0);
                close();
              }}
            />
          )}
          onAdd={canCreate ? () => setCreating(true) : undefined}
          addLabel={t('templates.add')}
          // A phone lists the templates as cards (390 px cannot hold the columns).
          view={isMobile ? 'directory' : 'table'}
          directory={
            <PhoneCards
              testId="template-cards"
              items={list.data?.items}
              total={list.data?.total ?? 0}
              page={page}
              pageSize={TEMPLATES_PAGE_SIZE}
              onPageChange={setPage}
              loading={list.isPending}
              error={list.error}
              onRetry={() => void list.refetch()}
              emptyText={t('list.empty')}
              rowKey={(tpl) => tpl._id}
              renderCard={(tpl) => (
                <PhoneCard
                  testId="template-card"
                  title={tpl.name}
                  tag={tpl.category ? <Tag color={tpl.category.color ?? undefined}>{tpl.category.name}</Tag> : undefined}
                  meta={[tpl.service?.name, templateContent(t, tpl), t(tpl.enabled ? 'templates.enabled' : 'templates.disabled')].filter(Boolean).join(' · ')}
                  onOpen={() => handlers.onEdit(tpl)}
                >
                  <Flex justify="end" onClick={(e) => e.stopPropagation()}>
                    <TemplateRowActions tpl={tpl} handlers={handlers} />
                  </Flex>
                </PhoneCard>
              )}
            />
          }
        />
      </div>
      <TemplateFormDialog
        open={creating}
        title={t('templates.add')}
        saving={create.isPending}
        onCancel={() => setCreating(false)}
        onSave={async (values) => {
          const created = await create.mutateAsync(values);
          setCreating(false);
          navigate(`/templates/${created._id}`);
        }}
      />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('templates.removeTitle')}
        content={<RemoveContent tpl={removing} />}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => remove.mutate(removing!._id, { onSettled: () => setRemoving(null) })}
      />
    </Flex>
  );
}

/** The delete question with how many audits use the template (they keep their copy, reports intact). */
function RemoveContent({ tpl }: { tpl: TTemplateSummary | null }) {
  const { t } = useTranslation();
  const usage = useTemplateUsage(tpl?._id);
  return (
    <Flex vertical gap={8} data-testid="template-usage">
      <span>{t('templates.removeQuestion', { name: tpl?.name ?? '' })}</span>
      {usage.isPending ? (
        <Typography.Text type="secondary">{t('templates.usageLoading')}</Typography.Text>
      ) : usage.data ? (
        <Typography.Text strong={usage.data.audits > 0}>
          {usage.data.audits > 0 ? t('templates.usageCount', { count: usage.data.audits }) : t('templates.usageNone')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
