import { useEffect, useState } from 'react';

/** Scrolled this far down, the phone's headers fold; back above half of it, they open again (no flicker at the edge). */
const FOLD_AT = 120;

/**
 * On a phone the app header and the run header would take a third of the screen: once the page is
 * scrolled, the body gets `run-compact` (the app header scrolls away, the run header keeps one row:
 * back, title, score, contents, Finish) and this answers true. Passive listener, one state change per fold.
 */
export function useCompactHeader(enabled: boolean): boolean {
  const [compact, setCompact] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const body = document.body;
    body.classList.add('run-view');
    let folded = false;
    const onScroll = () => {
      const next = folded ? window.scrollY > FOLD_AT / 2 : window.scrollY > FOLD_AT;
      if (next === folded) return;
      folded = next;
      body.classList.toggle('run-compact', next);
      setCompact(next);
    };
    const first = requestAnimationFrame(onScroll); // opened already scrolled (a reload keeps the position)
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(first);
      window.removeEventListener('scroll', onScroll);
      body.classList.remove('run-view', 'run-compact');
      setCompact(false);
    };
  }, [enabled]);
  return enabled && compact;
}
