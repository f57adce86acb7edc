import { useEffect, useState, type RefObject } from 'react';

/** Scrolled this far down, the phone's headers fold; back above half of it, they open again (no flicker at the edge). */
const FOLD_AT = 120;

export interface TFold {
  compact: boolean;
  /** The open header's height, kept in the page while it is folded (see below). */
  slot: number | undefined;
}

/**
 * On a phone the app header and the run header would take a third of the screen: once the page is
 * scrolled, the run header folds to one row fixed at the top (back, title, score, contents,
 * Finish); the app header scrolls away with the page (body.run-view). The folded header leaves a
 * slot of its open height behind, so the page keeps its length: a shorter page would change the
 * scroll position, which would open the header again, and so on. Passive listener, one state
 * change per fold.
 */
export function useCompactHeader(enabled: boolean, header: RefObject<HTMLElement | null>): TFold {
  const [fold, setFold] = useState<TFold>({ compact: false, slot: undefined });
  useEffect(() => {
    if (!enabled) return;
    const body = document.body;
    body.classList.add('run-view');
    let folded = false;
    const onScroll = () => {
      const next = folded ? window.scrollY > FOLD_AT / 2 : window.scrollY > FOLD_AT;
      if (next === folded) return;
      folded = next;
      setFold({ compact: next, slot: next ? header.current?.offsetHeight : undefined });
    };
    const first = requestAnimationFrame(onScroll); // opened already scrolled (a reload keeps the position)
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('scroll', onScroll);
      body.classList.remove('run-view');
      setFold({ compact: false, slot: undefined });
    };
  }, [enabled, header]);
  return enabled ? fold : { compact: false, slot: undefined };
}
