import { memo, startTransition, useEffect, useRef, useState } from 'react';
import { QuestionCard } from './QuestionCard';
import { useRun } from './RunContext';
import { useRunUi } from './runUi';

/** Cards per group. */
export const GROUP_SIZE = 10;
/**
 * The room a group keeps before it mounts, and while it is mounted but off screen (its
 * `contain-intrinsic-size`, until it has been laid out once): 206 px per card (a card's usual 180 px
 * of content, its 12 px padding and 1 px border above and below) and the 12 px gap between cards.
 * The same figure both ways, so a group mounting above the screen moves nothing on it.
 */
const CARD_HEIGHT = 180 + 2 * 12 + 2 * 1;
const CARD_GAP = 12;
const roomFor = (cards: number) => cards * CARD_HEIGHT + (cards - 1) * CARD_GAP;

/**
 * A group of question cards that mounts when it comes near the screen or, otherwise, in an idle
 * moment (in page order), so a long audit paints its first screen at once and never blocks the
 * main thread for long. Until then it keeps the room the cards will take. The audit's first group
 * renders with the page (`eager`), sparing a frame before the first question can be answered; a
 * group holding the question being navigated to (`target`) mounts at once. The others mount in a
 * transition: React renders them in slices of a few milliseconds that a tap or a key interrupts.
 */
export const CardGroup = memo(function CardGroup({ ids, start, eager = false }: { ids: string[]; start: number; eager?: boolean }) {
  const { ui } = useRun();
  const holder = useRef<HTMLDivElement>(null);
  const [mounted, setMounted] = useState(eager);
  const targeted = useRunUi(ui, (s) => s.target !== null && ids.includes(s.target));
  if (targeted && !mounted) setMounted(true);
  useEffect(() => {
    if (mounted) return ui.mounted();
    const mount = () => startTransition(() => setMounted(true));
    if (typeof IntersectionObserver === 'undefined') return ui.queueMount(mount);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && mount(), { rootMargin: '300px 0px' });
    if (holder.current) observer.observe(holder.current);
    const cancel = ui.queueMount(mount);
    return () => {
      observer.disconnect();
      cancel();
    };
  }, [mounted, ui]);
  if (!mounted) return <div ref={holder} className="run-card-holder" style={{ height: roomFor(ids.length) }} aria-busy="true" />;
  return (
    <div className="run-card-group" style={{ containIntrinsicSize: `auto ${roomFor(ids.length)}px` }}>
      {ids.map((id, i) => (
        <QuestionCard key={id} questionId={id} index={start + i} />
      ))}
    </div>
  );
});
