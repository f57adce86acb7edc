import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { chromium, type BrowserContext } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { unsafeUnscoped } from '../../apps/server/src/platform/tenancy.js';
import { DEMO_PASSWORD, seedDemo } from '../../apps/server/src/seed/demo.js';
import { startServer } from '../lib.js';
import { line, measure, sample, type TLine, type TSample } from './measure.js';

/**
 * Issue 28's Lighthouse lines (decision 0103): the performance score of "Lighthouse mobile" —
 * Lighthouse's default settings, a mid-range phone (412×823, 4× CPU) on slow 4G by simulated
 * throttling — on the sign-in page, the public report, and the client's two lists, with the metrics
 * behind it (TBT, LCP, FCP) and the JavaScript transferred. Medians of BENCH_RUNS (3) runs, the
 * load beside each.
 *
 * The demo data on a fresh server with the built app (`npm run build -w @audit/web` first). The
 * sign-in page and the public report are measured anonymously; then the demo client signs in through
 * the form, and the lists are measured with that session (Lighthouse clears the cache, the service
 * worker and the Cache Storage before each run, not localStorage, where the session is).
 */
interface TPage {
  /** The report's file name under BENCH_LIGHTHOUSE_OUT. */
  key: string;
  name: string;
  path: (ids: { shared: string }) => string;
  signedIn: boolean;
  /** The page's own JavaScript budget, when it has one. */
  jsBudgetKB?: number;
}

const PAGES: TPage[] = [
  { key: 'login', name: 'sign-in page (/login)', path: () => '/login', signedIn: false, jsBudgetKB: 300 },
  { key: 'public-report', name: 'public report (/share-audit-report/:id)', path: ({ shared }) => `/share-audit-report/${shared}`, signedIn: false },
  { key: 'client-home', name: "client's home (/home/client)", path: () => '/home/client', signedIn: true },
  { key: 'client-audits', name: "client's audits (/client-audits/audits)", path: () => '/client-audits/audits', signedIn: true },
];
const GOAL = 90;

/** A free loopback port for Chromium's DevTools endpoint, which Lighthouse connects to. */
const freePort = () =>
  new Promise<number>((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });

/** One Lighthouse run (mobile, simulated throttling: its defaults) of `url` in the browser on `port`. */
async function audit(url: string, port: number, saveAs: string) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  if (!result) throw new Error(`lighthouse gave no result for ${url}`);
  const { lhr } = result;
  // BENCH_LIGHTHOUSE_OUT: a folder for each run's whole report (its LCP element, chains, main-thread work).
  const out = process.env.BENCH_LIGHTHOUSE_OUT;
  if (out) {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, `${saveAs}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; transferSize?: number }[] } | undefined)?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  return {
    score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
    tbtMs: metric('total-blocking-time'),
    lcpMs: metric('largest-contentful-paint'),
    fcpMs: metric('first-contentful-paint'),
    jsKB: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0) / 1000,
    jsFiles: scripts.length,
  };
}

/** Lighthouse's trace sometimes comes back without its navigation (NO_NAVSTART): such a run is made again, twice at most. */
async function withRetries<T>(once: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await once();
    } catch (error) {
      if (i >= tries) throw error;
      console.log(`  (run again: ${(error as Error).message.split('\n')[0]})`);
    }
  }
}

/** The demo client signs in through the form: the session lands in the profile's localStorage. */
async function signIn(context: BrowserContext, base: string) {
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.getByLabel(/correo electrónico o usuario/i).fill('client@demo.test');
  await page.getByLabel(/^contraseña$/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^entrar$/i }).click();
  await page.getByTestId('menu-toggle').waitFor({ timeout: 60_000 });
  await page.close();
}

export async function benchLighthouse(engine: 'pglite' | 'postgres'): Promise<TLine[]> {
  const dist = process.env.BENCH_WEB_DIST;
  if (!existsSync(join(dist ?? new URL('../../apps/web/dist', import.meta.url).pathname, 'index.html')))
    throw new Error('no built web app: run `npm run build -w @audit/web` first');
  // BENCH_WEB_DIST: another build of the web app (e.g. the one before a change), served instead of apps/web/dist.
  const server = await startServer(engine, { serveWeb: true, config: dist ? { WEB_DIST: dist } : {} });
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const port = await freePort();
  // A persistent context is the browser's default one, the one Lighthouse opens its tab in.
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    // Spanish, the app's default language, in the form and in Lighthouse's tab alike.
    locale: 'es-ES',
    args: ['--no-sandbox', '--lang=es-ES', `--remote-debugging-port=${port}`],
  });
  try {
    await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
    // The demo's shared report (seed/audits.ts: the latest finished audit, its public link open).
    const shared = await unsafeUnscoped(
      server.db,
      async (tx) => (await tx.execute<{ id: string }>(sql`select id from audits where share_enabled limit 1`)).rows[0]!.id,
    );
    const lines: TLine[] = [];
    let signedIn = false;
    // BENCH_LIGHTHOUSE_PAGES=login,public-report: only those pages (their keys above).
    const only = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',');
    for (const target of PAGES.filter((p) => !only || only.includes(p.key))) {
      if (target.signedIn && !signedIn) {
        await signIn(context, server.base);
        signedIn = true;
      }
      const url = `${server.base}${target.path({ shared })}`;
      const runs: TSample[] = await measure(async (run) => {
        const taken = sample(await withRetries(() => audit(url, port, `${target.key}-${run + 1}`)));
        console.log(`  ${target.name}, run ${run + 1}: ${JSON.stringify(taken.values)} (load ${taken.load.toFixed(1)})`);
        return taken;
      });
      lines.push(
        line(
          `Lighthouse mobile: ${target.name}: score; TBT, LCP, FCP; JavaScript`,
          runs,
          (m) =>
            `${m.score}; ${Math.round(m.tbtMs!)} ms, ${(m.lcpMs! / 1000).toFixed(1)} s, ${(m.fcpMs! / 1000).toFixed(1)} s; ${Math.round(m.jsKB!)} KB in ${m.jsFiles} files`,
          `≥ ${GOAL}${target.jsBudgetKB ? `; JS < ${target.jsBudgetKB} KB` : ''}`,
        ),
      );
    }
    return lines;
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
    await server.stop();
  }
}
