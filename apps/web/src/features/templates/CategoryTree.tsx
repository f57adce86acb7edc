import { Empty, Skeleton, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useTranslation } from 'react-i18next';
import { useCategoryTree, type TCategoryNode } from './templatesApi';

const ALL = '__all__';

const toNodes = (nodes: TCategoryNode[]): DataNode[] =>
  nodes.map((n) => ({
    key: n._id,
    title: (
      <span>
        {n.color && <span className="template-category-dot" style={{ background: n.color }} />}
        {n.name}
      </span>
    ),
    children: n.children?.length ? toNodes(n.children) : undefined,
  }));

/** The TEMPLATE category tree: picking a node filters the list by it and its subcategories. */
export function CategoryTree({ value, onChange }: { value?: string; onChange: (id: string | undefined) => void }) {
  const { t } = useTranslation();
  const tree = useCategoryTree();
  if (tree.isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  const nodes: DataNode[] = [{ key: ALL, title: t('templates.allCategories') }, ...toNodes(tree.data ?? [])];
  return (
    <nav aria-label={t('templates.categories')}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 8 }}>
        {t('templates.categories')}
      </Typography.Text>
      {tree.isError ? (
        <Empty description={t('common.loadError')} />
      ) : (
        <Tree
          blockNode
          defaultExpandAll
          selectedKeys={[value ?? ALL]}
          treeData={nodes}
          onSelect={(keys) => {
            const key = keys[0] === undefined ? (value ?? ALL) : String(keys[0]);
            onChange(key === ALL ? undefined : key);
          }}
          data-testid="category-tree"
        />
      )}
    </nav>
  );
}
