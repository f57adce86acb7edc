import { useState } from 'react';
import { Button, Empty, Flex, Pagination, Skeleton, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { CheckOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TEMPLATE_PAGE_SIZE } from '@audit/domain/constants';
import { ErrorState } from '../../../ui/PageStates';
import { SearchBox } from '../../../ui/SearchBox';
import { useTemplateCategories, useTemplateOptions, type TCategoryNode, type TTemplateOption } from '../optionsApi';
import type { TWizardState } from './wizardState';

const ALL = '__all__';
const toNodes = (nodes: TCategoryNode[]): DataNode[] =>
  nodes.map((n) => ({ key: n._id, title: n.name, children: n.children?.length ? toNodes(n.children) : undefined }));

/** Step 2: the TEMPLATE category tree on the left, the service's enabled templates on the right (25 a page). */
export function TemplateStep({ state, onSelect }: { state: TWizardState; onSelect: (template: TTemplateOption) => void }) {
  const { t } = useTranslation();
  const [category, setCategory] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const categories = useTemplateCategories();
  const templates = useTemplateOptions({ establishment: state.establishment?._id, service: state.service?._id, category, search, page });
  const tree = [{ key: ALL, title: t('audits.wizard.allCategories') }, ...toNodes(categories.data ?? [])];
  return (
    <div className="audit-wizard-templates" data-testid="wizard-templates">
      <nav className="audit-wizard-tree" aria-label={t('audits.wizard.categories')}>
        <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
          {t('audits.wizard.categories')}
        </Typography.Text>
        {categories.isPending ? (
          <Skeleton active paragraph={{ rows: 4 }} />
        ) : (
          <Tree
            blockNode
            defaultExpandAll
            selectedKeys={[category ?? ALL]}
            treeData={tree}
            onSelect={(keys) => {
              const key = keys[0] === undefined ? (category ?? ALL) : String(keys[0]);
              setCategory(key === ALL ? undefined : key);
              setPage(0);
            }}
          />
        )}
      </nav>
      <Flex vertical gap={12} style={{ minWidth: 0 }}>
        <SearchBox
          value={search}
          onSearch={(text) => {
            setSearch(text);
            setPage(0);
          }}
        />
        {templates.isError && <ErrorState error={templates.error} onRetry={() => void templates.refetch()} />}
        {templates.isPending && <Skeleton active paragraph={{ rows: 5 }} />}
        {templates.data && templates.data.items.length === 0 && <Empty description={t('audits.wizard.noTemplates')} />}
        <div className="audit-template-list" style={{ opacity: templates.isPlaceholderData ? 0.6 : 1 }}>
          {templates.data?.items.map((tpl) => {
            const selected = state.template?._id === tpl._id;
            return (
              <div key={tpl._id} className={`audit-template-option${selected ? ' is-selected' : ''}`} data-testid="wizard-template">
                <div style={{ minWidth: 0 }}>
                  <Typography.Text strong>{tpl.name}</Typography.Text>
                  {tpl.description && (
                    <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0, fontSize: 13 }}>
                      {tpl.description}
                    </Typography.Paragraph>
                  )}
                  <Flex gap={4} wrap style={{ marginTop: 4 }}>
                    {tpl.category && <Tag color={tpl.category.color ?? undefined}>{tpl.category.name}</Tag>}
                    <Tag>{t(`language.${tpl.language}`, { defaultValue: tpl.language })}</Tag>
                    {tpl.areaAccess ? <Tag>{tpl.areaAccess.name}</Tag> : <Tag color="error">{t('audits.wizard.areaAccessMissing')}</Tag>}
                  </Flex>
                </div>
                <Button
                  type={selected ? 'primary' : 'default'}
                  icon={selected ? <CheckOutlined /> : undefined}
                  onClick={() => onSelect(tpl)}
                  aria-label={`${t('audits.wizard.selectTemplate')}: ${tpl.name}`}
                >
                  {t('audits.wizard.selectTemplate')}
                </Button>
              </div>
            );
          })}
        </div>
        {(templates.data?.total ?? 0) > TEMPLATE_PAGE_SIZE && (
          <Pagination
            size="small"
            align="end"
            current={page + 1}
            pageSize={TEMPLATE_PAGE_SIZE}
            total={templates.data?.total}
            showSizeChanger={false}
            onChange={(p) => setPage(p - 1)}
          />
        )}
      </Flex>
    </div>
  );
}
