import { useState, type ReactNode } from 'react';
import { Empty, Flex, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { TypeTag } from './clientColumns';
import { childrenQueryOptions, type TStructure } from './clientsApi';

/**
 * Clients → establishments → areas. Children load when a node opens (POST /{parentId}/children)
 * and live in the query cache; the tree only keeps which nodes are open.
 */
export function StructureTree({
  roots,
  defaultExpanded = [],
  expandedKeys,
  onExpandedChange,
  renderTitle,
  renderActions,
}: {
  roots: TStructure[];
  defaultExpanded?: string[];
  /** Controlled open nodes (e.g. to open a parent after adding a child). */
  expandedKeys?: string[];
  onExpandedChange?: (keys: string[]) => void;
  renderTitle?: (node: TStructure) => ReactNode;
  renderActions?: (node: TStructure) => ReactNode;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [ownExpanded, setOwnExpanded] = useState<string[]>(defaultExpanded);
  const expanded = expandedKeys ?? ownExpanded;
  const setExpanded = onExpandedChange ?? setOwnExpanded;
  const children = useQueries({ queries: expanded.map((id) => childrenQueryOptions(id)) });
  const childrenOf = new Map(expanded.map((id, i) => [id, children[i]?.data?.items]));

  const toNode = (s: TStructure): DataNode => {
    const kids = childrenOf.get(s._id);
    return {
      key: s._id,
      isLeaf: s.childrenCount === 0,
      children: kids?.map(toNode),
      title: (
        <Flex align="center" gap={8} className="structure-node" data-testid={`tree-node-${s.name}`}>
          <TypeTag type={s.type} t={t} />
          <span className="structure-node-name">{renderTitle ? renderTitle(s) : <Typography.Text>{s.name}</Typography.Text>}</span>
          {!s.active && <Tag>{t('clients.inactive')}</Tag>}
          {renderActions && (
            <span className="structure-node-actions" onClick={(e) => e.stopPropagation()}>
              {renderActions(s)}
            </span>
          )}
        </Flex>
      ),
    };
  };

  if (roots.length === 0) return <Empty description={t('list.empty')} style={{ padding: 48 }} />;
  return (
    <Tree
      blockNode
      showLine
      selectable={false}
      treeData={roots.map(toNode)}
      expandedKeys={expanded}
      loadedKeys={expanded.filter((id) => childrenOf.get(id))}
      onExpand={(keys) => setExpanded(keys.map(String))}
      loadData={(node) => queryClient.ensureQueryData(childrenQueryOptions(String(node.key))).then(() => undefined)}
      data-testid="structure-tree"
    />
  );
}
