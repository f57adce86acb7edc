import { useSyncExternalStore } from 'react';

/**
 * View state of the run screen that many cards read (open sections, questions highlighted by a
 * finishing error, "show all incidences", the question being scrolled to). Kept outside React so
 * that changing one question's highlight renders that card only.
 */
export interface TRunUiState {
  closedSections: ReadonlySet<string>;
  highlighted: ReadonlySet<string>;
  showAllIncidences: boolean;
  /** A question to bring into view: its group of cards mounts at once if it has not yet. */
  target: string | null;
  /**
   * Every section is wanted in the page now (a navigation to one): the sections after the first
   * question section, otherwise mounted in an idle moment after the first screen, mount at once.
   */
  allSections: boolean;
}

const idle = (job: () => void) =>
  typeof window !== 'undefined' && 'requestIdleCallback' in window ? window.requestIdleCallback(job, { timeout: 300 }) : setTimeout(job, 16);

export function createRunUi() {
  let state: TRunUiState = { closedSections: new Set(), highlighted: new Set(), showAllIncidences: false, target: null, allSections: false };
  const listeners = new Set<() => void>();
  const set = (next: Partial<TRunUiState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  // Groups of cards not yet on screen mount one per idle period, in page order, each after the
  // previous one's commit (`mounted`): a transition started while another still renders would
  // join it and make React start that render again.
  const mounts: (() => void)[] = [];
  let pumping = false;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  const next = () => {
    clearTimeout(waiting);
    waiting = undefined;
    if (mounts.length) idle(pump);
    else pumping = false;
  };
  const pump = () => {
    const job = mounts.shift();
    if (!job) return next();
    job();
    // A group closed or gone before its commit never says so: the queue goes on after a second.
    waiting = setTimeout(next, 1000);
  };
  let unpin = () => {};

  const ui = {
    get: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    toggleSection(id: string, open?: boolean) {
      const closed = new Set(state.closedSections);
      if (open ?? closed.has(id)) closed.delete(id);
      else closed.add(id);
      set({ closedSections: closed });
    },
    setHighlighted: (ids: string[]) => set({ highlighted: new Set(ids) }),
    setShowAllIncidences: (showAllIncidences: boolean) => set({ showAllIncidences }),
    /** Queues a mount for an idle moment (`first`: before those already queued); answers a cancel. */
    queueMount(job: () => void, first = false) {
      if (first) mounts.unshift(job);
      else mounts.push(job);
      if (!pumping) {
        pumping = true;
        idle(pump);
      }
      return () => {
        const at = mounts.indexOf(job);
        if (at >= 0) mounts.splice(at, 1);
      };
    },
    /** A group of cards committed its mount: the next queued one may start. */
    mounted() {
      if (waiting !== undefined) next();
    },
    /**
     * Opens the question's section, mounts its card (and its group), then brings it into view and
     * focuses it. A long way is jumped, not scrolled smoothly: the cards mounting meanwhile would
     * move a smooth scroll's end. The card is then kept in view while groups above it still mount
     * (their real height can differ from the room kept for them), until the user scrolls, taps or
     * types, or nothing has moved it for a second.
     */
    scrollToQuestion(sectionId: string, questionId: string) {
      if (state.closedSections.has(sectionId)) ui.toggleSection(sectionId, true);
      set({ target: questionId, allSections: true });
      unpin();
      // Its group mounts in the render that sets the target (CardGroup): normally before the first frame.
      whenInPage(`question-${questionId}`, (card) => {
        const smooth = Math.abs(card.getBoundingClientRect().top) <= 2 * innerHeight;
        card.scrollIntoView({ behavior: smooth ? 'smooth' : 'instant', block: 'center' });
        card.focus({ preventScroll: true });
        // A smooth scroll is left to end before the card is checked.
        unpin = keepInView(card, () => mounts.length > 0, smooth ? 800 : 0);
      });
    },
    /** Opens a section, mounts it if it has not yet, scrolls its top into view and focuses its toggle. */
    scrollToSection(sectionId: string) {
      ui.toggleSection(sectionId, true);
      if (!state.allSections) set({ allSections: true });
      whenInPage(`section-${sectionId}`, (section) => {
        section.scrollIntoView({ behavior: 'smooth', block: 'start' });
        section.querySelector<HTMLElement>('.run-section-toggle')?.focus({ preventScroll: true });
      });
    },
  };
  return ui;
}

/** Runs `then` with the element once a render has put it in the page, looking on each frame for up to 120 frames. */
function whenInPage(id: string, then: (element: HTMLElement) => void) {
  let tries = 0;
  const look = () => {
    const element = document.getElementById(id);
    if (element) then(element);
    else if (++tries < 120) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}

const STOP_PINNING = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

/**
 * Keeps a card in view (centred again when something above it pushed it out) from `graceMs` on,
 * for as long as `busy` says cards are still mounting and a second after, at most 30 s; the
 * user's own scroll, tap or key stops it at once. Answers a stop.
 */
function keepInView(card: HTMLElement, busy: () => boolean, graceMs: number) {
  let frame = 0;
  const started = performance.now();
  let quietSince = started + graceMs;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of STOP_PINNING) removeEventListener(type, stop, true);
  };
  const check = (now: number) => {
    if (!card.isConnected || now - started > 30_000) return stop();
    if (now < started + graceMs) return void (frame = requestAnimationFrame(check));
    const { top, bottom } = card.getBoundingClientRect();
    if (bottom < 0 || top > innerHeight) {
      card.scrollIntoView({ behavior: 'instant', block: 'center' });
      quietSince = now;
    } else if (busy()) quietSince = now;
    if (now - quietSince > 1000) return stop();
    frame = requestAnimationFrame(check);
  };
  for (const type of STOP_PINNING) addEventListener(type, stop, { capture: true, passive: true });
  frame = requestAnimationFrame(check);
  return stop;
}

export type TRunUi = ReturnType<typeof createRunUi>;

export function useRunUi<T>(ui: TRunUi, select: (state: TRunUiState) => T): T {
  return useSyncExternalStore(
    ui.subscribe,
    () => select(ui.get()),
    () => select(ui.get()),
  );
}
