/**
 * Marks drawn on a photo before it is saved (decision 0045): an arrow, a circle (an ellipse in the
 * box dragged) or a free line, in the photo's own pixels. Pure geometry and drawing; the dialog
 * (PhotoAnnotator) turns pointer and keyboard input into these shapes.
 */
export const ANNOTATION_TOOLS = ['arrow', 'circle', 'line'] as const;
export type TAnnotationTool = (typeof ANNOTATION_TOOLS)[number];
export type TPoint = [number, number];
export interface TShape {
  tool: TAnnotationTool;
  points: TPoint[];
}
export interface TSize {
  width: number;
  height: number;
}

export const MARK_COLOUR = '#ff1f1f';
/** A stroke readable on a phone's photo as on a large one. */
export const strokeWidth = (size: TSize) => Math.max(3, Math.round(Math.max(size.width, size.height) / 140));

/** A shape added from the keyboard: in the middle of the photo, a fifth of its size. */
export function centredShape(tool: TAnnotationTool, size: TSize): TShape {
  const [cx, cy] = [size.width / 2, size.height / 2];
  const d = Math.min(size.width, size.height) / 5;
  if (tool === 'arrow')
    return {
      tool,
      points: [
        [cx - d, cy + d],
        [cx, cy],
      ],
    };
  if (tool === 'circle')
    return {
      tool,
      points: [
        [cx - d / 2, cy - d / 2],
        [cx + d / 2, cy + d / 2],
      ],
    };
  return {
    tool,
    points: [
      [cx - d / 2, cy],
      [cx + d / 2, cy],
    ],
  };
}

const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v));

/** The shape moved by (dx, dy), kept on the photo. */
export function moveShape(shape: TShape, dx: number, dy: number, size: TSize): TShape {
  const xs = shape.points.map((p) => p[0]);
  const ys = shape.points.map((p) => p[1]);
  const ox = clamp(Math.min(...xs) + dx, size.width - (Math.max(...xs) - Math.min(...xs))) - Math.min(...xs);
  const oy = clamp(Math.min(...ys) + dy, size.height - (Math.max(...ys) - Math.min(...ys))) - Math.min(...ys);
  return { ...shape, points: shape.points.map(([x, y]) => [x + ox, y + oy]) };
}

/** The shape grown (factor > 1) or shrunk around its centre, never to nothing. */
export function scaleShape(shape: TShape, factor: number): TShape {
  const cx = shape.points.reduce((s, p) => s + p[0], 0) / shape.points.length;
  const cy = shape.points.reduce((s, p) => s + p[1], 0) / shape.points.length;
  const span = Math.max(...shape.points.map(([x, y]) => Math.hypot(x - cx, y - cy)));
  const f = span * factor < 4 ? 1 : factor;
  return { ...shape, points: shape.points.map(([x, y]) => [cx + (x - cx) * f, cy + (y - cy) * f]) };
}

/** The arrow's head: the two ends of its barbs at the tip (to) of a shaft from `from`. */
export function arrowHead(from: TPoint, to: TPoint, length: number): [TPoint, TPoint] {
  const angle = Math.atan2(to[1] - from[1], to[0] - from[0]);
  const barb = (side: number): TPoint => [to[0] - length * Math.cos(angle + side * (Math.PI / 7)), to[1] - length * Math.sin(angle + side * (Math.PI / 7))];
  return [barb(1), barb(-1)];
}

/** A shape worth keeping: a click without a drag draws nothing. */
export const isDrawn = (shape: TShape) => {
  const [a, b] = [shape.points[0]!, shape.points[shape.points.length - 1]!];
  return (
    shape.points.length > 1 &&
    (shape.tool === 'line' ? shape.points.length > 2 || Math.hypot(b[0] - a[0], b[1] - a[1]) > 3 : Math.hypot(b[0] - a[0], b[1] - a[1]) > 3)
  );
};

/**
 * The photo under the marks, on white: a PNG's transparent parts were black on the canvas (its
 * initial pixels, and JPEG, the saved copy's type, has no transparency), a dark strip in the preview;
 * the white fill also wipes the marks of the frame before (an undone mark stayed).
 */
export function paintPhoto(ctx: Pick<CanvasRenderingContext2D, 'fillStyle' | 'fillRect' | 'drawImage'>, image: CanvasImageSource, size: TSize) {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.drawImage(image, 0, 0, size.width, size.height);
}

export function drawShape(ctx: CanvasRenderingContext2D, shape: TShape, size: TSize) {
  const width = strokeWidth(size);
  ctx.save();
  ctx.strokeStyle = MARK_COLOUR;
  ctx.lineWidth = width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.shadowColor = 'rgba(0,0,0,0.45)';
  ctx.shadowBlur = width;
  ctx.beginPath();
  const [a, b] = [shape.points[0]!, shape.points[shape.points.length - 1]!];
  if (shape.tool === 'circle') {
    ctx.ellipse((a[0] + b[0]) / 2, (a[1] + b[1]) / 2, Math.abs(b[0] - a[0]) / 2, Math.abs(b[1] - a[1]) / 2, 0, 0, Math.PI * 2);
  } else {
    ctx.moveTo(a[0], a[1]);
    for (const [x, y] of shape.points.slice(1)) ctx.lineTo(x, y);
    if (shape.tool === 'arrow') {
      const [l, r] = arrowHead(a, b, width * 5);
      ctx.moveTo(l[0], l[1]);
      ctx.lineTo(b[0], b[1]);
      ctx.lineTo(r[0], r[1]);
    }
  }
  ctx.stroke();
  ctx.restore();
}
