import { memo, useEffect, useRef, useState } from 'react';
import { QuestionCard } from './QuestionCard';
import { useRun } from './RunContext';
import { useRunUi } from './runUi';

/** Cards per group, and the height a card is expected to take before it is mounted. */
export const GROUP_SIZE = 10;
const CARD_HEIGHT = 170;

/**
 * A group of question cards that mounts when it comes near the screen or, otherwise, in an idle
 * moment (in page order), so a long audit paints its first screen at once and never blocks the
 * main thread for long. Until then it keeps the room the cards will take. The audit's first group
 * renders with the page (`eager`), sparing a frame before the first question can be answered.
 */
export const CardGroup = memo(function CardGroup({ ids, start, eager = false }: { ids: string[]; start: number; eager?: boolean }) {
  const { ui } = useRun();
  const holder = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(eager);
  const targeted = useRunUi(ui, (s) => s.target !== null && ids.includes(s.target));
  if (targeted && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) return;
    if (typeof IntersectionObserver === 'undefined') return ui.queueMount(() => setMounted(true));
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setMounted(true), { rootMargin: '300px 0px' });
    if (holder.current) observer.observe(holder.current);
    const cancel = ui.queueMount(() => setMounted(true));
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [mounted, ui]);
  if (!mounted) return <div ref={holder} className="run-card-holder" style={{ height: ids.length * CARD_HEIGHT }} aria-busy="true" />;
  return (
    <>
      {ids.map((id, i) => (
        <QuestionCard key={id} questionId={id} index={start + i} />
      ))}
    </>
  );
});
