// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIRST_PANELS, usePanelsShown } from './reportPanels';

/** The values the hook returned, render by render (renderHook's act flushes the transition too). */
function rendersOf(count: number, anchored: boolean) {
  const shown: number[] = [];
  const hook = renderHook(
    ({ anchored }) => {
      const panels = usePanelsShown(count, anchored);
      shown.push(panels.shown);
      return panels;
    },
    { initialProps: { anchored } },
  );
  return { shown, hook };
}

describe("the report's panels (decision 0114)", () => {
  it('the first render holds the first sections, every panel follows in the next', () => {
    const { shown, hook } = rendersOf(65, false);
    expect(shown[0]).toBe(FIRST_PANELS);
    expect(shown.at(-1)).toBe(65);
    expect(hook.result.current.all).toBe(true);
  });

  it('a link to a question: every panel in the first render', () => {
    const { shown } = rendersOf(65, true);
    expect(shown).not.toContain(FIRST_PANELS);
    expect(shown[0]).toBe(65);
  });

  it('a short report has every panel at once', () => {
    const { shown } = rendersOf(FIRST_PANELS, false);
    expect(new Set(shown)).toEqual(new Set([FIRST_PANELS]));
  });

  it('showAll (printing) renders every panel before it returns', () => {
    const { hook } = rendersOf(65, false);
    act(() => hook.result.current.showAll());
    expect(hook.result.current.shown).toBe(65);
  });
});
