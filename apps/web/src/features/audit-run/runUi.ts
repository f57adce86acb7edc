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
}

const idle = (job: () => void) =>
  typeof window !== 'undefined' && 'requestIdleCallback' in window ? window.requestIdleCallback(job, { timeout: 300 }) : setTimeout(job, 16);

export function createRunUi() {
  let state: TRunUiState = { closedSections: new Set(), highlighted: new Set(), showAllIncidences: false, target: null };
  const listeners = new Set<() => void>();
  const set = (next: Partial<TRunUiState>) => {
    state = { ...state, ...next };
    listeners.forEach((l) => l());
  };
  // Groups of cards not yet on screen mount one per idle period, in page order.
  const mounts: (() => void)[] = [];
  let pumping = false;
  const pump = () => {
    mounts.shift()?.();
    pumping = mounts.length > 0;
    if (pumping) idle(pump);
  };

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
    /** Queues a mount for an idle moment; answers a cancel. */
    queueMount(job: () => void) {
      mounts.push(job);
      if (!pumping) {
        pumping = true;
        idle(pump);
      }
      return () => {
        const at = mounts.indexOf(job);
        if (at >= 0) mounts.splice(at, 1);
      };
    },
    /** Opens the question's section, mounts its card, then scrolls it into view and focuses it. */
    scrollToQuestion(sectionId: string, questionId: string) {
      if (state.closedSections.has(sectionId)) ui.toggleSection(sectionId, true);
      set({ target: questionId });
      let tries = 0;
      const go = () => {
        const card = document.getElementById(`question-${questionId}`);
        if (!card && ++tries < 30) return void requestAnimationFrame(go);
        card?.scrollIntoView({ behavior: 'smooth', block: 'center' });
        card?.focus({ preventScroll: true });
      };
      requestAnimationFrame(go);
    },
  };
  return ui;
}

export type TRunUi = ReturnType<typeof createRunUi>;

export function useRunUi<T>(ui: TRunUi, select: (state: TRunUiState) => T): T {
  return useSyncExternalStore(
    ui.subscribe,
    () => select(ui.get()),
    () => select(ui.get()),
  );
}
