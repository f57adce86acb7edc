import { useState } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useRemoveStructure, type TStructure, type TStructureType } from './clientsApi';
import { StructureFormDrawer, type TDrawerTarget } from './StructureFormDrawer';
import { StructureTree } from './StructureTree';

/** The kind of child each level takes: establishments under a client, areas under an establishment. */
export const CHILD_TYPE: Record<TStructureType, TStructureType | null> = { STRUCTURE: 'ESTABLISHMENT', ESTABLISHMENT: 'AREA', AREA: null };

/** The structure tab: the structure and its descendants, with add child, edit and delete per node. */
export function StructureTab({ root }: { root: TStructure }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<TDrawerTarget | null>(null);
  const [removing, setRemoving] = useState<TStructure | null>(null);
  const [expanded, setExpanded] = useState<string[]>(root.childrenCount ? [root._id] : []);
  const remove = useRemoveStructure();
  const childType = CHILD_TYPE[root.type];

  const actions = (node: TStructure) => {
    const nodeChild = CHILD_TYPE[node.type];
    return (
      <Flex gap={2}>
        {nodeChild && (
          <Tooltip title={t(`clients.create.${nodeChild}`)}>
            <Button
              size="small"
              type="text"
              icon={<PlusOutlined />}
              aria-label={t(`clients.create.${nodeChild}`)}
              onClick={() => setTarget({ kind: 'create', type: nodeChild, parent: node })}
              data-testid="node-add"
            />
          </Tooltip>
        )}
        {node._id !== root._id && node.can.update && (
          <Button
            size="small"
            type="text"
            icon={<EditOutlined />}
            aria-label={t('common.edit')}
            onClick={() => setTarget({ kind: 'edit', structure: node })}
            data-testid="node-edit"
          />
        )}
        {node._id !== root._id && node.can.delete && (
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('common.delete')}
            onClick={() => setRemoving(node)}
            data-testid="node-delete"
          />
        )}
      </Flex>
    );
  };

  return (
    <>
      {childType && (
        <Flex justify="flex-end" style={{ marginBottom: 12 }}>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setTarget({ kind: 'create', type: childType, parent: root })}
            data-testid="structure-add-child"
          >
            {t(`clients.create.${childType}`)}
          </Button>
        </Flex>
      )}
      <StructureTree roots={[root]} expandedKeys={expanded} onExpandedChange={setExpanded} renderActions={actions} />
      <StructureFormDrawer
        target={target}
        onClose={() => setTarget(null)}
        onCreated={(parentId) => setExpanded((keys) => (keys.includes(parentId) ? keys : [...keys, parentId]))}
      />
      <ConfirmDialog
        open={Boolean(removing)}
        title={t('common.deleteTitle')}
        content={removing?.childrenCount ? t('clients.cascadeQuestion', { name: removing.name, count: removing.childrenCount }) : t('common.deleteQuestion')}
        confirmText={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          remove.mutate({ type: removing!.type, id: removing!._id, cascade: removing!.childrenCount > 0 }, { onSettled: () => setRemoving(null) })
        }
      />
    </>
  );
}
