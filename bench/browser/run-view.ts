import type { Browser, Page } from 'playwright-core';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.js';
import { launch, longTasksSummary, PERF_INIT, perfOf, settle, TABLET, tabletPage } from './profile.js';
import { largeAudit } from './audit.js';
import { line, measure, ms, s, sample, type TLine, type TSample } from './measure.js';
import { startServer } from '../lib.js';

type TJson = Record<string, any>;
const TAPS = 6;

/** Page time (ms since navigation) when the first question's options can be tapped. */
const firstQuestionUsable = (page: Page) =>
  page
    .waitForFunction(() => (document.querySelector('.run-question .run-option:not([disabled])') ? performance.now() : 0), null, {
      polling: 50,
      timeout: 180_000,
    })
    .then((h) => h.jsonValue() as Promise<number>);

/** A signed-in session (storage state) of the demo auditor, taken without throttling. */
async function session(browser: Browser, base: string) {
  const context = await browser.newContext({ ...TABLET, baseURL: base, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/correo electrónico o usuario/i).fill('auditor@demo.test');
  await page.getByLabel(/^contraseña$/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^entrar$/i }).click();
  await page.getByTestId('menu-toggle').waitFor({ timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * The table of contents opened as soon as the first question is usable, and its "unanswered" list's
 * last entry (the audit's last question) followed: page time when that question can be tapped.
 */
async function lastQuestionReached(page: Page, lastQuestionId: string) {
  await page.getByRole('button', { name: 'Abrir el índice' }).click({ timeout: 120_000 });
  const drawer = page.locator('.ant-drawer .run-toc');
  await drawer.waitFor({ timeout: 120_000 });
  const unanswered = drawer.locator('.ant-collapse-item').nth(1).locator('.run-toc-link');
  await unanswered.last().click({ timeout: 120_000 });
  return page
    .waitForFunction(
      (id) => {
        // Its card on screen, its answer control enabled.
        const card = document.querySelector(`#question-${id}`);
        if (!card?.querySelector('.run-option:not([disabled]), textarea:not([disabled]), input:not([disabled])')) return 0;
        const r = card.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight ? performance.now() : 0;
      },
      lastQuestionId,
      { polling: 50, timeout: 180_000 },
    )
    .then((h) => h.jsonValue() as Promise<number>);
}

/**
 * A tap on an option (a real input event), timed inside the page from the input event to the frame
 * after the score's text changed, and the Event Timing duration of that interaction.
 */
async function tap(page: Page, card: number, label: string) {
  await page.evaluate(() => {
    const w = window as unknown as { __tap: { input: number; painted: number; before: string } };
    const score = document.querySelector('[data-testid="audit-score"]')!;
    w.__tap = { input: 0, painted: 0, before: score.textContent ?? '' };
    addEventListener('pointerdown', (e) => (w.__tap.input ||= e.timeStamp), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if ((score.textContent ?? '') === w.__tap.before) return;
      observer.disconnect();
      // The task right after the frame: user-blocking, so it runs before the page's own tasks queued
      // for after that frame (a tap's request, runner.ts) and the stamp is the paint's, not theirs.
      const stamp = () => (w.__tap.painted = performance.now());
      const scheduler = (globalThis as unknown as { scheduler?: { postTask: (f: () => void, o: { priority: string }) => unknown } }).scheduler;
      requestAnimationFrame(() => (scheduler ? void scheduler.postTask(stamp, { priority: 'user-blocking' }) : setTimeout(stamp, 0)));
    });
    observer.observe(score, { subtree: true, childList: true, characterData: true });
  });
  const option = page.locator('.run-question').nth(card).getByRole('radio', { name: label, exact: true });
  await option.click({ timeout: 60_000 });
  const result = await page
    .waitForFunction(() => (window as unknown as { __tap: { input: number; painted: number } }).__tap.painted > 0, null, { polling: 20, timeout: 30_000 })
    .then(() => page.evaluate(() => (window as unknown as { __tap: { input: number; painted: number } }).__tap))
    .catch(() => null);
  if (!result) return null;
  await page.waitForTimeout(300); // the Event Timing entry is reported after the frame
  const events = (await perfOf(page)).events.filter((e) => e.start >= result.input - 1 && ['pointerdown', 'pointerup', 'click'].includes(e.name));
  return { paintMs: result.painted - result.input, eventMs: Math.max(0, ...events.map((e) => e.duration)) };
}

/** Wheel steps to the end of the audit: long tasks meanwhile and the intervals between frames. */
async function scrollToEnd(page: Page) {
  await page.evaluate(() => scrollTo(0, 0));
  await page.mouse.move(512, 500);
  const from = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framing: boolean };
    w.__frames = [];
    w.__framing = true;
    const tick = (t: number) => {
      w.__frames.push(t);
      if (w.__framing) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    return performance.now();
  });
  const started = Date.now();
  for (;;) {
    await page.mouse.wheel(0, 500);
    await page.waitForTimeout(100);
    const atEnd = await page.evaluate(() => {
      const end = document.querySelector('.run-page')!.getBoundingClientRect().bottom;
      return end <= innerHeight + 2;
    });
    if (atEnd || Date.now() - started > 90_000) break;
  }
  const { frames, to } = await page.evaluate(() => {
    const w = window as unknown as { __frames: number[]; __framing: boolean };
    w.__framing = false;
    return { frames: w.__frames, to: performance.now() };
  });
  const intervals = frames.slice(1).map((t, i) => t - frames[i]!);
  const sorted = [...intervals].sort((a, b) => a - b);
  const tasks = longTasksSummary((await perfOf(page)).longTasks, from, to);
  return {
    scrollMs: to - from,
    longTasks: tasks.count,
    longestTaskMs: tasks.longestMs,
    frameP50: sorted[Math.floor(sorted.length / 2)] ?? 0,
    frameP90: sorted[Math.floor(sorted.length * 0.9)] ?? 0,
    slowFramesPct: intervals.length ? (100 * intervals.filter((i) => i > 50).length) / intervals.length : 0,
  };
}

interface TRun {
  first: TSample;
  navigable: TSample;
  loadTasks: TSample;
  js: TSample;
  warm: TSample;
  offline: TSample;
  taps: TSample[];
  scroll: TSample;
}

/** Issue 28's run-view lines on the tablet profile, medians of RUNS first visits. */
export async function benchRunView(engine: 'pglite' | 'postgres', options: { questions?: number } = {}): Promise<TLine[]> {
  // BENCH_WEB_DIST: another build of the web app (e.g. the one before a change), served instead of apps/web/dist.
  const server = await startServer(engine, { serveWeb: true, config: process.env.BENCH_WEB_DIST ? { WEB_DIST: process.env.BENCH_WEB_DIST } : {} });
  const browser = await launch();
  try {
    const generated = await largeAudit(server, options);
    const allQuestions = (generated.audit.sections as TJson[]).flatMap((x) => (x.questions as TJson[]) ?? []);
    // The audit's last question: the last of the contents' unanswered list.
    const last = allQuestions.at(-1)!._id as string;
    console.log(`run view: ${generated.sections} sections, ${generated.questions} questions (audit ${generated.id})`);
    const state = await session(browser, server.base);
    const url = `/auditor/audits/run/${generated.id}`;
    const runs = await measure<TRun>(async (run) => {
      const context = await browser.newContext({ ...TABLET, baseURL: server.base, storageState: state });
      // tsx names the functions handed to the page with a helper the page lacks.
      await context.addInitScript('globalThis.__name = (f) => f;');
      await context.addInitScript(PERF_INIT);
      const tablet = await tabletPage(context);
      const { page } = tablet;
      await page.goto(url, { waitUntil: 'commit' });
      const firstMs = await firstQuestionUsable(page);
      const first = sample({ firstMs });
      const navigable = sample({
        navigableMs: await lastQuestionReached(page, last).catch(async (error: Error) => {
          await page.screenshot({ path: `/tmp/bench-run-view-navigable-${run}.png` });
          console.log(`  navigation to the last question failed: ${error.message.split('\n')[0]}`);
          return NaN;
        }),
      });
      await settle(page);
      const tasks = longTasksSummary((await perfOf(page)).longTasks);
      const loadTasks = sample({ count: tasks.count, totalMs: tasks.totalMs, longestMs: tasks.longestMs });
      const counted = tablet.take();
      const js = sample({ jsKB: counted.jsBytes / 1000, jsFiles: counted.jsFiles, allKB: counted.allBytes / 1000 });

      // Taps on the first cards (each run its own: a run starts from answers the previous left).
      await page.evaluate(() => scrollTo(0, 0));
      const taps: TSample[] = [];
      for (let i = 0; i < TAPS; i++) {
        const card = run * 3 + Math.floor(i / 2);
        const timed = await tap(page, card, i % 2 === 0 ? 'Conforme' : 'No conforme');
        if (timed) taps.push(sample(timed));
      }
      await settle(page, 1500);
      const scroll = sample(await scrollToEnd(page));

      // Installed: the service worker controls the page and the device copy is saved.
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
      await page.reload({ waitUntil: 'commit' });
      const warm = sample({ firstMs: await firstQuestionUsable(page) });
      await settle(page, 2000);
      await tablet.offline(true);
      await page.reload({ waitUntil: 'commit' });
      const offline = sample({ firstMs: await firstQuestionUsable(page) });
      await tablet.offline(false);
      await context.close();
      // Each run's figures as they come, with the load: a run cut short still says what it measured.
      console.log(
        `  run ${run + 1}: ${JSON.stringify({ first: first.values, navigable: navigable.values, loadTasks: loadTasks.values, js: js.values, warm: warm.values, offline: offline.values, taps: taps.map((x) => x.values), scroll: scroll.values, load: [first.load, scroll.load, offline.load].map((l) => l.toFixed(1)) })}`,
      );
      return { first, navigable, loadTasks, js, warm, offline, taps, scroll };
    });
    const all = (k: keyof TRun) => runs.map((r) => r[k] as TSample);
    return [
      line('run view, first load: first question usable', all('first'), (m) => s(m.firstMs!), '< 3 s'),
      line('run view, first load: all sections navigable (contents → last question)', all('navigable'), (m) => s(m.navigableMs!), 'at once'),
      line('run view, first load: long tasks (count, total, longest)', all('loadTasks'), (m) => `${m.count}, ${s(m.totalMs!)}, ${ms(m.longestMs!)}`, '—'),
      line(
        'run view, first load: JavaScript transferred',
        all('js'),
        (m) => `${Math.round(m.jsKB!)} KB in ${m.jsFiles} files (all: ${Math.round(m.allKB!)} KB)`,
        '—',
      ),
      line('run view, second load (service worker warm): first question', all('warm'), (m) => s(m.firstMs!), '< 1.5 s'),
      line('run view, offline: first question', all('offline'), (m) => s(m.firstMs!), '< 1.5 s'),
      line(
        'tap an option → new score painted (median of all taps)',
        runs.flatMap((r) => r.taps),
        (m) => ms(m.paintMs!),
        '< 100 ms',
      ),
      line(
        'tap an option → worst tap; Event Timing median / worst',
        runs.flatMap((r) => r.taps),
        () => {
          const taps = runs.flatMap((r) => r.taps.map((t) => t.values));
          const sorted = (k: string) => taps.map((t) => t[k]!).sort((a, b) => a - b);
          return `${ms(sorted('paintMs').at(-1)!)}; ${ms(sorted('eventMs')[Math.floor(taps.length / 2)]!)} / ${ms(sorted('eventMs').at(-1)!)}`;
        },
        'Event Timing < 200 ms',
      ),
      line(
        'scrolling to the end: long tasks, longest; frame interval p50 / p90; frames > 50 ms',
        all('scroll'),
        (m) => `${m.longTasks} in ${s(m.scrollMs!)}, ${ms(m.longestTaskMs!)}; ${ms(m.frameP50!)} / ${ms(m.frameP90!)}; ${Math.round(m.slowFramesPct!)} %`,
        'no long task > 50 ms',
      ),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
