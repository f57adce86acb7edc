import type { CSSProperties, ReactNode } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslation } from 'react-i18next';

interface TProps<T> {
  items: T[];
  rowKey: (item: T) => string;
  /** The label of an item for the move buttons (screen readers). */
  labelOf: (item: T) => string;
  onMove: (item: T, to: number) => void;
  disabled?: boolean;
  render: (item: T, index: number, handle: ReactNode) => ReactNode;
  gap?: number;
}

/** A vertical list reordered by drag and drop (pointer or keyboard on the handle) and by move up/down buttons. */
export function SortableList<T>({ items, rowKey, labelOf, onMove, disabled, render, gap = 8 }: TProps<T>) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = items.map(rowKey);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0) onMove(items[from]!, to);
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={disabled}>
        <Flex vertical gap={gap}>
          {items.map((item, index) => (
            <SortableItem key={ids[index]} id={ids[index]!}>
              {(handle) =>
                render(
                  item,
                  index,
                  // Read only: no handle and no arrows (disabled controls would only be noise).
                  disabled ? null : <MoveControls handle={handle} label={labelOf(item)} index={index} count={items.length} onMove={(to) => onMove(item, to)} />,
                )
              }
            </SortableItem>
          ))}
        </Flex>
      </SortableContext>
    </DndContext>
  );
}

function SortableItem({ id, children }: { id: string; children: (handle: ReactNode) => ReactNode }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const style: CSSProperties = {
    transform: CSS.Transform.toString(transform),
    transition,
    opacity: isDragging ? 0.6 : 1,
    position: 'relative',
    zIndex: isDragging ? 2 : undefined,
  };
  const handle = (
    <Button
      ref={setActivatorNodeRef}
      type="text"
      size="small"
      icon={<HolderOutlined />}
      style={{ cursor: 'grab' }}
      aria-label={t('sortable.dragHandle')}
      data-testid="drag-handle"
      {...attributes}
      {...listeners}
    />
  );
  return (
    <div ref={setNodeRef} style={style}>
      {children(handle)}
    </div>
  );
}

function MoveControls({
  handle,
  label,
  index,
  count,
  onMove,
}: {
  handle: ReactNode;
  label: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <Flex gap={2} align="center" onClick={(e) => e.stopPropagation()} onKeyDown={(e) => e.stopPropagation()}>
      {handle}
      <Tooltip title={t('sortable.moveUp')}>
        <Button
          type="text"
          size="small"
          icon={<ArrowUpOutlined />}
          disabled={index === 0}
          onClick={() => onMove(index - 1)}
          aria-label={t('sortable.moveUpItem', { name: label })}
        />
      </Tooltip>
      <Tooltip title={t('sortable.moveDown')}>
        <Button
          type="text"
          size="small"
          icon={<ArrowDownOutlined />}
          disabled={index === count - 1}
          onClick={() => onMove(index + 1)}
          aria-label={t('sortable.moveDownItem', { name: label })}
        />
      </Tooltip>
    </Flex>
  );
}
