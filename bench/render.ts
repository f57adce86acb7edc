import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo.js';
import { buildAuditFixture, buildFixturePhotos } from '../apps/server/src/modules/reports/test/fixture.js';
import { pdfLabels } from '../apps/server/src/modules/reports/pdf/labels.js';
import { renderAuditPdf } from '../apps/server/src/modules/reports/pdf/render.js';
import { renderInWorker } from '../apps/server/src/modules/reports/pdf/run.js';
import { makeAudit } from '../apps/web/src/features/audit-run/testing/auditFixture.js';
import { startServer } from './lib.js';
import { serveAudit } from '../e2e/serve-audit.js';

/**
 * The rendering budgets, measured here rather than asserted in the tests (a shared machine makes a
 * timed assertion fail for reasons that are not the code's):
 *  - the report PDF of a large audit (300 questions, 60 incidents, 40 photos): under 5 s, in the
 *    process and in the worker thread the jobs use;
 *  - the run view of a generated 300-question audit in Chromium (built app): interactive in under
 *    2 s after a full load, an answer repainted in under 50 ms (median of 9 clicks).
 */
type TFigure = { figure: string; ms: number; budgetMs: number; withinBudget: boolean };
const figure = (name: string, ms: number, budgetMs: number): TFigure => ({ figure: name, ms: Math.round(ms * 10) / 10, budgetMs, withinBudget: ms < budgetMs });
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function pdfFigures(): Promise<TFigure[]> {
  const fixture = buildAuditFixture();
  const photos = await buildFixturePhotos(fixture.photoIds);
  const labels = pdfLabels('es');
  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    await renderAuditPdf(fixture.audit, photos, labels, { company: 'Higiene Demo S.L.' });
    times.push(performance.now() - started);
  }
  const started = performance.now();
  await renderInWorker(fixture.audit, photos, labels, { company: 'Higiene Demo S.L.' });
  const inWorker = performance.now() - started;
  return [figure('report PDF, large audit (median of 3)', median(times), 5000), figure('report PDF in the worker thread (with its start)', inWorker, 5000)];
}

async function runViewFigures(engine: 'pglite' | 'postgres'): Promise<TFigure[]> {
  const dist = new URL('../apps/web/dist/index.html', import.meta.url);
  if (!existsSync(dist)) spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname });
  const server = await startServer(engine, { serveWeb: true });
  await unsafeUnscoped(server.db, (tx) => seedDemo(tx)); // the auditor who signs in
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-ES', baseURL: server.base })).newPage();
    await page.goto('/login');
    await page.getByLabel(/correo electrónico o usuario/i).fill('auditor@demo.test');
    await page.getByLabel(/^contraseña$/i).fill(DEMO_PASSWORD);
    const meResponse = page.waitForResponse((r) => r.url().endsWith('/ms-core/api/users/me') && r.ok());
    await page.getByRole('button', { name: /^entrar$/i }).click();
    const me = ((await (await meResponse).json()) as { _id: string })._id;
    await page.getByTestId('menu-toggle').waitFor();
    const audit = makeAudit(300);
    audit.auditor = { _id: me, name: 'Álvaro Auditor' };
    await serveAudit(page, audit);

    // A full load, as after a refresh: bundles, session, the audit, the first cards.
    await page.goto(`/auditor/audits/run/${audit._id}`);
    await page.locator('.run-question').first().locator('.run-option').first().and(page.locator(':enabled')).waitFor();
    const interactiveMs = await page.evaluate(() => performance.now());
    await page.waitForFunction(() => document.querySelectorAll('.run-question').length === 300);
    // Click to the next painted frame, measured inside the page, each after the previous save.
    const times = await page.evaluate(async () => {
      const out: number[] = [];
      const cards = document.querySelectorAll('.run-question');
      for (const index of [20, 50, 80, 110, 140, 170, 200, 230, 260]) {
        const button = cards[index]!.querySelector<HTMLButtonElement>('.run-option')!;
        const start = performance.now();
        button.click();
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        out.push(performance.now() - start);
        if (button.getAttribute('aria-checked') !== 'true') throw new Error(`card ${index} did not repaint`);
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      return out;
    });
    return [
      figure('run view, 300 questions: interactive after a full load', interactiveMs, 2000),
      figure('run view: answer click to painted frame (median of 9)', median(times), 50),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}

export async function benchRender(engine: 'pglite' | 'postgres') {
  const figures = [...(await pdfFigures()), ...(await runViewFigures(engine))];
  for (const f of figures) if (!f.withinBudget) console.warn(`over budget: ${f.figure} ${f.ms} ms (budget ${f.budgetMs} ms)`);
  return figures;
}
