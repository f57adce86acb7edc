import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Flex, Modal, Segmented, Typography } from 'antd';
import { ArrowRightOutlined, ClearOutlined, EditOutlined, PlusOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  ANNOTATION_TOOLS,
  centredShape,
  drawShape,
  isDrawn,
  paintPhoto,
  moveShape,
  scaleShape,
  type TAnnotationTool,
  type TShape,
  type TSize,
} from './annotate';

/** The photo as taken, and its copy with the marks when any were drawn. */
export interface TAnnotatedPhoto {
  file: Blob;
  annotated: Blob | null;
}

const ICONS: Record<TAnnotationTool, React.ReactNode> = {
  arrow: <ArrowRightOutlined />,
  circle: (
    <span aria-hidden style={{ display: 'inline-block', width: 12, height: 12, border: '1.5px solid currentColor', borderRadius: '50%', verticalAlign: -1 }} />
  ),
  line: <EditOutlined />,
};

const toBlob = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('canvas'))), 'image/jpeg', 0.85));

/**
 * Draws arrows, circles and free lines on a photo before it is saved (decision 0045). Mouse, pen
 * and touch draw by dragging (pointer events); from the keyboard, "Add in the middle" (or Enter on
 * the photo) places the chosen mark, the arrow keys move the last one, + and − resize it, Delete
 * removes it. The original is kept: the copy with the marks is saved beside it.
 */
export function PhotoAnnotator({ photo, onCancel, onSave }: { photo: Blob | null; onCancel: () => void; onSave: (photo: TAnnotatedPhoto) => void }) {
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [tool, setTool] = useState<TAnnotationTool>('arrow');
  const [shapes, setShapes] = useState<TShape[]>([]);
  const [drawing, setDrawing] = useState<TShape | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setShapes([]);
    setImage(null);
    if (!photo) return;
    const url = URL.createObjectURL(photo);
    const img = new Image();
    img.onload = () => setImage(img);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const size: TSize = { width: image?.naturalWidth ?? 1, height: image?.naturalHeight ?? 1 };
  useEffect(() => {
    const ctx = canvas.current?.getContext('2d');
    if (!ctx || !image) return;
    paintPhoto(ctx, image, size);
    for (const shape of drawing ? [...shapes, drawing] : shapes) drawShape(ctx, shape, size);
  });

  const pointAt = (e: PointerEvent<HTMLCanvasElement>): [number, number] => {
    const box = e.currentTarget.getBoundingClientRect();
    return [((e.clientX - box.left) * size.width) / box.width, ((e.clientY - box.top) * size.height) / box.height];
  };
  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = pointAt(e);
    setDrawing({ tool, points: [p, p] });
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing) return;
    const p = pointAt(e);
    setDrawing({ ...drawing, points: drawing.tool === 'line' ? [...drawing.points, p] : [drawing.points[0]!, p] });
  };
  const onPointerUp = () => {
    if (drawing && isDrawn(drawing)) setShapes((list) => [...list, drawing]);
    setDrawing(null);
  };
  const editLast = (change: (s: TShape) => TShape) => setShapes((list) => (list.length ? [...list.slice(0, -1), change(list[list.length - 1]!)] : list));
  const addCentred = () => setShapes((list) => [...list, centredShape(tool, size)]);
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = (Math.min(size.width, size.height) / 40) * (e.shiftKey ? 5 : 1);
    const moves: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
    const move = moves[e.key];
    if (move) editLast((s) => moveShape(s, move[0], move[1], size));
    else if (e.key === '+' || e.key === '=') editLast((s) => scaleShape(s, 1.15));
    else if (e.key === '-') editLast((s) => scaleShape(s, 1 / 1.15));
    else if (e.key === 'Enter' || e.key === ' ') addCentred();
    else if (e.key === 'Delete' || e.key === 'Backspace') setShapes((list) => list.slice(0, -1));
    else return;
    e.preventDefault();
  };

  const save = async () => {
    if (!photo) return;
    setSaving(true);
    try {
      onSave({ file: photo, annotated: shapes.length && canvas.current ? await toBlob(canvas.current) : null });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={Boolean(photo)}
      title={t('incidents.annotate.title')}
      onCancel={onCancel}
      width={760}
      centered
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {t('common.cancel')}
        </Button>,
        <Button key="save" type="primary" loading={saving} disabled={!image} onClick={() => void save()} data-testid="annotate-save">
          {shapes.length ? t('incidents.annotate.saveMarked') : t('incidents.annotate.savePlain')}
        </Button>,
      ]}
    >
      <Flex vertical gap={10}>
        <Flex gap={8} wrap align="center">
          <Segmented<TAnnotationTool>
            value={tool}
            onChange={setTool}
            aria-label={t('incidents.annotate.tool')}
            options={ANNOTATION_TOOLS.map((value) => ({ value, icon: ICONS[value], label: t(`incidents.annotate.tools.${value}`) }))}
            data-testid="annotate-tools"
          />
          <Button icon={<PlusOutlined />} onClick={addCentred} disabled={!image} data-testid="annotate-add">
            {t('incidents.annotate.addCentred')}
          </Button>
          <Button icon={<UndoOutlined />} onClick={() => setShapes((list) => list.slice(0, -1))} disabled={!shapes.length} data-testid="annotate-undo">
            {t('incidents.annotate.undo')}
          </Button>
          <Button icon={<ClearOutlined />} onClick={() => setShapes([])} disabled={!shapes.length}>
            {t('incidents.annotate.clear')}
          </Button>
        </Flex>
        <Flex justify="center" style={{ background: '#f0f0f0', borderRadius: 8, padding: 4 }}>
          <canvas
            ref={canvas}
            width={size.width}
            height={size.height}
            tabIndex={0}
            role="img"
            aria-label={t('incidents.annotate.canvasLabel', { count: shapes.length })}
            data-testid="annotate-canvas"
            data-marks={shapes.length}
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={onPointerUp}
            onPointerCancel={() => setDrawing(null)}
            onKeyDown={onKeyDown}
            style={{ maxWidth: '100%', maxHeight: '60vh', touchAction: 'none', cursor: 'crosshair', display: image ? 'block' : 'none' }}
          />
        </Flex>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('incidents.annotate.help')}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
