import { startTransition, useEffect, useState } from 'react';
import { afterPaint } from './afterPaint';

/**
 * False in a component's first render and until the frame after its first commit is painted; then
 * true, set in a transition. A part that is costly to mount and not needed in the first frame renders
 * nothing (or a cheap stand-in) until then: the sidebar's menu held a page opened by its address
 * 0.1–0.15 s on a tablet (decision 0124).
 */
export function usePaintedOnce(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void afterPaint().then(() => mounted && startTransition(() => setPainted(true)));
    return () => {
      mounted = false;
    };
  }, []);
  return painted;
}
