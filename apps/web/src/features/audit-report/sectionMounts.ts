/**
 * The order in which the report's sections render their questions (decision 0102). The first
 * render holds the introduction and the first `FIRST_SECTIONS` sections; every other section shows
 * a holder the size of its questions, and mounts later, one section per idle period, in page order.
 * A section coming near the screen goes first. A link to a question mounts its section at once.
 * The pump waits for each section's commit before it starts the next: two transitions in flight
 * would merge into one render.
 */
export const FIRST_SECTIONS = 1;
/** A section that never commits (a panel closed meanwhile) holds the queue for at most this. */
const COMMIT_WAIT_MS = 1000;

/** `urgent`: render it now (a link, printing); otherwise in a transition a tap or a key interrupts. */
export type TMount = (urgent: boolean) => void;

export interface TSectionMounts {
  /** Whether section `index` renders its questions in the first render. */
  initially(index: number): boolean;
  /** A holder's way to mount its section; returns its removal. */
  register(index: number, mount: TMount): () => void;
  /** Section `index` committed its questions: the next one is scheduled. */
  committed(index: number): void;
  /** The first render is on the page: the pump starts. */
  start(): void;
  /** A holder came near the screen: its section is the next one. */
  soon(index: number): void;
  /** A link to one of its questions: section `index` renders in the next render. */
  mountNow(index: number): void;
  /** Printing: every section renders now (the caller wraps it in flushSync). */
  mountAll(): void;
  /** Called after every section's commit (a question linked to is kept in view). */
  onCommit(listener: () => void): () => void;
  /** Every section has its questions on the page. */
  settled(): boolean;
  stop(): void;
}

type TIdle = (run: () => void) => () => void;

/** The next idle period (at most 200 ms away); a timer where the browser has none (Safari, jsdom). */
export const nextIdle: TIdle = (run) => {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(run, { timeout: 200 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(run, 16);
  return () => clearTimeout(id);
};

export function createSectionMounts(count: number, idle: TIdle = nextIdle): TSectionMounts {
  const mounts = new Map<number, TMount>();
  const asked = new Set<number>();
  const done = new Set<number>();
  const listeners = new Set<() => void>();
  const first: number[] = [];
  let waiting: { index: number; timer: ReturnType<typeof setTimeout> } | null = null;
  let cancel: (() => void) | null = null;
  let running = false;
  for (let i = 0; i < Math.min(FIRST_SECTIONS, count); i++) asked.add(i);

  const nextIndex = () => {
    while (first.length) {
      const i = first.shift()!;
      if (!asked.has(i) && mounts.has(i)) return i;
    }
    for (let i = 0; i < count; i++) if (!asked.has(i) && mounts.has(i)) return i;
    return -1;
  };
  const ask = (index: number, urgent: boolean) => {
    asked.add(index);
    mounts.get(index)?.(urgent);
  };
  const pump = () => {
    if (!running || waiting || cancel) return;
    cancel = idle(() => {
      cancel = null;
      const index = nextIndex();
      if (index < 0) return;
      waiting = { index, timer: setTimeout(() => release(index), COMMIT_WAIT_MS) };
      ask(index, false);
    });
  };
  const release = (index: number) => {
    if (waiting?.index !== index) return;
    clearTimeout(waiting.timer);
    waiting = null;
    pump();
  };

  return {
    initially: (index) => index < FIRST_SECTIONS,
    register(index, mount) {
      mounts.set(index, mount);
      // A panel rendered after the first (reportPanels.ts) while the pump had run out: it goes on.
      if (!asked.has(index)) pump();
      return () => {
        if (mounts.get(index) === mount) mounts.delete(index);
      };
    },
    committed(index) {
      done.add(index);
      for (const listener of listeners) listener();
      release(index);
    },
    start() {
      running = true;
      pump();
    },
    soon(index) {
      if (asked.has(index)) return;
      if (waiting || !running) return void first.push(index);
      // Nothing in flight: ask now rather than after an idle period (the user is scrolling to it).
      cancel?.();
      cancel = null;
      waiting = { index, timer: setTimeout(() => release(index), COMMIT_WAIT_MS) };
      ask(index, false);
    },
    mountNow(index) {
      if (!done.has(index)) ask(index, true);
    },
    mountAll() {
      for (const index of mounts.keys()) if (!done.has(index)) ask(index, true);
    },
    onCommit(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    settled: () => done.size >= count,
    stop() {
      running = false;
      cancel?.();
      cancel = null;
      if (waiting) clearTimeout(waiting.timer);
      waiting = null;
    },
  };
}
