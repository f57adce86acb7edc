import { existsSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo.js';
import { apiOf, referencesFor } from './audits.js';
import { startServer } from './lib.js';

/**
 * The web shell on a slow phone (issue 12 item 7): the built app (apps/web/dist, `npm run build`
 * first: this suite builds nothing) served by the real server, in headless Chromium with the
 * network throttled by the DevTools protocol to slow 4G: 1.6 Mbit/s down, 750 kbit/s up, 150 ms.
 * Each figure starts from an empty browser cache and no service worker (a first visit).
 * - signin: JavaScript transferred (bytes on the wire, compressed as sent) until the sign-in form is
 *   usable (its fields and button shown and enabled), and the time until then;
 * - run view: a signed-in auditor opening a running audit's deep link, time until its questions show,
 *   and the JavaScript transferred for it.
 * Budgets (issue 12): sign-in page under 300 KB of JavaScript and usable in under 5 s.
 */
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 };
const RUNS = 3;

interface TLoad {
  ms: number;
  jsBytes: number;
  jsFiles: number;
  allBytes: number;
}

/** Throttles the page and counts what it receives, by resource type, from now on. */
async function throttled(context: BrowserContext) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  const types = new Map<string, string>();
  let counted = { jsBytes: 0, jsFiles: 0, allBytes: 0 };
  cdp.on('Network.responseReceived', (event) => types.set(event.requestId, event.type));
  cdp.on('Network.loadingFinished', (event) => {
    counted.allBytes += event.encodedDataLength;
    if (types.get(event.requestId) === 'Script') {
      counted.jsBytes += event.encodedDataLength;
      counted.jsFiles += 1;
    }
  });
  return {
    page,
    /** The bytes counted since the last call. */
    take() {
      const result = counted;
      counted = { jsBytes: 0, jsFiles: 0, allBytes: 0 };
      return result;
    },
  };
}

/** The sign-in form is usable: both fields and the button are shown and enabled. */
async function signInFormUsable(page: Page) {
  await page.getByLabel(/correo electrónico o usuario/i).waitFor();
  await page.getByLabel(/^contraseña$/i).waitFor();
  const button = page.getByRole('button', { name: /^entrar$/i });
  await button.waitFor();
  if (!(await button.isEnabled())) throw new Error('the sign-in button is disabled');
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function summary(loads: TLoad[]) {
  return {
    runs: loads.length,
    medianMs: Math.round(median(loads.map((l) => l.ms))),
    maxMs: Math.round(Math.max(...loads.map((l) => l.ms))),
    jsKB: Math.round(median(loads.map((l) => l.jsBytes)) / 1000),
    jsFiles: median(loads.map((l) => l.jsFiles)),
    allKB: Math.round(median(loads.map((l) => l.allBytes)) / 1000),
  };
}

export async function benchShell(engine: 'pglite' | 'postgres') {
  if (!existsSync(new URL('../apps/web/dist/index.html', import.meta.url))) throw new Error('no built web app: run `npm run build` first');
  const server = await startServer(engine, { serveWeb: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
    const api = apiOf(server.base);
    const token = await api.signin('auditor@demo.test');
    const refs = await referencesFor(server.db);
    const demo = (await api.call(token, 'POST', '/ms-core/api/audits/search', {
      size: 50,
      page: 0,
      filters: [{ field: 'auditor', operator: 'eq', value: refs.auditor }],
    })) as unknown as { _id: string; template: { _id: string } }[];
    const template = demo[0]!.template._id;
    const created = await api.call(token, 'POST', '/ms-core/api/audits', {
      client: refs.client,
      establishment: refs.establishment,
      service: refs.service,
      template,
      auditor: refs.auditor,
      startDate: '2026-11-02',
      date: ['2026-11-02', '2026-11-03'],
    });
    await api.call(token, 'PATCH', `/ms-core/api/audits/${created._id}/execute?use_previous=false`);
    const options = { viewport: { width: 390, height: 844 }, locale: 'es-ES', baseURL: server.base, serviceWorkers: 'block' as const };

    const signin: TLoad[] = [];
    const run: TLoad[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A first visit of the sign-in page.
      const context = await browser.newContext(options);
      const { page, take } = await throttled(context);
      const t0 = performance.now();
      await page.goto('/login', { waitUntil: 'commit' });
      await signInFormUsable(page);
      const ms = performance.now() - t0;
      // What the page still fetches once usable (preloads in flight) counts too: wait for the load event.
      await page.waitForLoadState('load');
      signin.push({ ms, ...take() });
      await page.getByLabel(/correo electrónico o usuario/i).fill('auditor@demo.test');
      await page.getByLabel(/^contraseña$/i).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: /^entrar$/i }).click();
      await page.getByTestId('menu-toggle').waitFor({ timeout: 60_000 });
      const session = await context.storageState();
      await context.close();

      // The run view's deep link opened cold by the signed-in auditor (nothing cached).
      const cold = await browser.newContext({ ...options, storageState: session });
      const second = await throttled(cold);
      const t1 = performance.now();
      await second.page.goto(`/auditor/audits/run/${created._id}`, { waitUntil: 'commit' });
      await second.page.locator('.run-question').first().waitFor({ timeout: 90_000 });
      await second.page.getByTestId('run-connectivity').waitFor();
      run.push({ ms: performance.now() - t1, ...second.take() });
      await cold.close();
    }
    const signinFigures = summary(signin);
    // Issue 12's budget for the sign-in page: under 300 KB of JavaScript, usable in under 5 s.
    const withinBudget = signinFigures.jsKB < 300 && signinFigures.maxMs < 5000;
    return { signin_slow4g: { ...signinFigures, withinBudget }, run_view_slow4g: summary(run) };
  } finally {
    await browser.close();
    await server.stop();
  }
}
