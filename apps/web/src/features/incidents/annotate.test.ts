import { describe, expect, it } from 'vitest';
import { arrowHead, centredShape, isDrawn, moveShape, paintPhoto, scaleShape, strokeWidth } from './annotate';

const size = { width: 800, height: 600 };

describe('photo marks', () => {
  it('a shape added from the keyboard sits in the middle of the photo', () => {
    expect(centredShape('arrow', size).points[1]).toEqual([400, 300]);
    const circle = centredShape('circle', size).points;
    expect([(circle[0]![0] + circle[1]![0]) / 2, (circle[0]![1] + circle[1]![1]) / 2]).toEqual([400, 300]);
  });
  it('moves with the arrow keys and never leaves the photo', () => {
    const circle = centredShape('circle', size);
    expect(moveShape(circle, 10, -5, size).points[0]).toEqual([350, 235]);
    const far = moveShape(circle, 5000, 5000, size).points;
    expect(far[1]).toEqual([800, 600]);
    expect(moveShape(circle, -5000, 0, size).points[0]![0]).toBe(0);
  });
  it('grows and shrinks around its centre, never to nothing', () => {
    const arrow = {
      tool: 'arrow' as const,
      points: [
        [100, 100],
        [200, 100],
      ] as [number, number][],
    };
    expect(scaleShape(arrow, 2).points).toEqual([
      [50, 100],
      [250, 100],
    ]);
    const tiny = {
      tool: 'circle' as const,
      points: [
        [100, 100],
        [102, 100],
      ] as [number, number][],
    };
    expect(scaleShape(tiny, 0.5).points).toEqual(tiny.points);
  });
  it('an arrow’s barbs point back from its tip; a click without a drag is no mark', () => {
    const [l, r] = arrowHead([0, 0], [100, 0], 20);
    expect(l[0]).toBeLessThan(100);
    expect(r[0]).toBeLessThan(100);
    expect(Math.sign(l[1])).toBe(-Math.sign(r[1]));
    expect(
      isDrawn({
        tool: 'circle',
        points: [
          [5, 5],
          [5, 6],
        ],
      }),
    ).toBe(false);
    expect(
      isDrawn({
        tool: 'line',
        points: [
          [5, 5],
          [6, 6],
          [40, 40],
        ],
      }),
    ).toBe(true);
    expect(strokeWidth({ width: 4000, height: 3000 })).toBeGreaterThan(strokeWidth(size));
  });
});

describe('the photo under the marks', () => {
  it('is painted on white over the whole canvas first (a transparent PNG is not black), at the canvas size', () => {
    const calls: string[] = [];
    const ctx = {
      fillStyle: '',
      fillRect: (...a: number[]) => calls.push(`fill ${ctx.fillStyle} ${a.join(',')}`),
      drawImage: (_i: unknown, ...a: number[]) => calls.push(`draw ${a.join(',')}`),
    };
    paintPhoto(ctx as never, {} as CanvasImageSource, { width: 640, height: 480 });
    expect(calls).toEqual(['fill #ffffff 0,0,640,480', 'draw 0,0,640,480']);
  });
});
