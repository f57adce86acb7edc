import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import type { TAuditSection } from '@audit/domain/audits';
import type { TSectionMounts } from './sectionMounts';

/** The anchor of a question in the report: its own id, or its template question's (what the statistics know). */
export const questionAnchor = (id: string) => `question-${id}`;

/** How long a linked question is kept in view while the sections above it mount. */
const KEEP_MS = 30_000;
/** A move of the user's own ends the keeping: they scroll from there. */
const USER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** The section holding the question: by its own id first, else by its template question's. */
export function sectionOfQuestion(sections: TAuditSection[], id: string): number {
  const own = sections.findIndex((s) => s.questions.some((q) => q._id === id));
  return own >= 0 ? own : sections.findIndex((s) => s.questions.some((q) => q.templateQuestion === id));
}

/**
 * A link to `…/report/<audit>#question-<id>` (the statistics' drill-down, decision 0091) opens the
 * report on that question: scrolled into view and outlined. The id may be the audit question's or
 * its template question's; the first question that matches wins. Its section renders at once
 * (sections render in turns, decision 0102); while the sections above it mount, the question is
 * brought back to the top of the screen if it moved, until the user scrolls or all have mounted.
 */
export function useQuestionAnchor(sections: TAuditSection[], mounts: TSectionMounts) {
  const { hash } = useLocation();
  useEffect(() => {
    const id = hash.startsWith('#question-') ? decodeURIComponent(hash.slice('#question-'.length)) : '';
    if (!/^[0-9a-f-]{36}$/i.test(id)) return;
    const index = sectionOfQuestion(sections, id);
    if (index < 0) return;
    let target: HTMLElement | null = null;
    let top = 0;
    let keeping = true;
    const find = () => document.getElementById(questionAnchor(id)) ?? document.querySelector<HTMLElement>(`[data-template-question="${id}"]`);
    const show = () => {
      target ??= find();
      if (!target) return;
      target.classList.add('report-question-target');
      target.scrollIntoView({ block: 'start' });
      top = target.getBoundingClientRect().top;
    };
    const stop = () => {
      keeping = false;
      for (const move of USER_MOVES) removeEventListener(move, stop, true);
    };
    for (const move of USER_MOVES) addEventListener(move, stop, { capture: true, passive: true });
    const timer = setTimeout(stop, KEEP_MS);
    // Each section that commits: the first time the question is there, go to it; after that, go
    // back to it if something above pushed it.
    const unsubscribe = mounts.onCommit(() => {
      if (!keeping) return;
      if (!target) show();
      else if (Math.abs(target.getBoundingClientRect().top - top) > 1) show();
      if (mounts.settled()) stop();
    });
    show();
    mounts.mountNow(index);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      stop();
      target?.classList.remove('report-question-target');
    };
  }, [hash, sections, mounts]);
}
