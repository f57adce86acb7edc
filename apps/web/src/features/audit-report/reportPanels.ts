import { startTransition, useCallback, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * How many sections have a panel in the report's first render (decision 0114). A panel costs even
 * while its questions wait their turn (sectionMounts.ts): antd's collapsible item, its motion, its
 * header with the score and the issues' badge, the holder. A large audit's 65 of them were most of
 * a two-second task (tablet profile) before the first screen could be read. So the first render
 * holds the introduction and these; the other panels, the questionnaire and the contacts join in a
 * transition once it is on the page. A link to a question (`#question-…`) renders every panel at
 * once: the question's section must be there to scroll to.
 */
export const FIRST_PANELS = 2;

export function usePanelsShown(count: number, anchored: boolean) {
  const [all, setAll] = useState(() => anchored || count <= FIRST_PANELS);
  // A link followed later (the hash changed): every panel now.
  if (anchored && !all) setAll(true);
  useEffect(() => {
    if (!all) startTransition(() => setAll(true));
  }, [all]);
  const showAll = useCallback(() => flushSync(() => setAll(true)), []);
  return {
    /** The sections with a panel in this render. */
    shown: all ? count : FIRST_PANELS,
    all,
    /** Printing: every panel, now (the holders register in the same commit's effects). */
    showAll,
  };
}
