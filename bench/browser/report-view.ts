import { stat } from 'node:fs/promises';
import type { Browser, Page, Response as TResponse } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/demo.js';
import { answerFor, view as VIEW } from '../../apps/server/src/seed/audits.js';
import { unsafeUnscoped } from '../../apps/server/src/platform/tenancy.js';
import { NO_ACCESS } from '../../apps/server/src/platform/identity.js';
import type { TAuth } from '../../apps/server/src/platform/auth.js';
import { saveAnswerIn } from '../../apps/server/src/modules/audits/answers.js';
import { changeIssuesTasksIn } from '../../apps/server/src/modules/audits/issues.js';
import { finishIn, setShareIn } from '../../apps/server/src/modules/audits/lifecycle.js';
import { saveAnswersIn, setSentIn } from '../../apps/server/src/modules/audits/questionnaire.js';
import { setFieldValuesIn } from '../../apps/server/src/modules/audits/sections.js';
import { audits } from '../../apps/server/src/modules/audits/tables.js';
import { loadTree } from '../../apps/server/src/modules/audits/tree-repo.js';
import { launch, longTasksSummary, PERF_INIT, perfOf, settle, TABLET, tabletPage } from './profile.js';
import { largeAudit } from './audit.js';
import { line, measure, ms, s, sample, type TLine, type TSample } from './measure.js';
import { startServer } from '../lib.js';

type TServer = Awaited<ReturnType<typeof startServer>>;

/**
 * The generated audit answered (one scored question in five failed, with its issue), its cover,
 * contacts and questionnaire filled, finished and shared, through the audits module's own rules
 * as the demo auditor (what the seed's finished audits do).
 */
export async function finishAudit(server: TServer, auditId: string) {
  return unsafeUnscoped(server.db, async (tx) => {
    const [row] = await tx
      .select({ auditorId: audits.auditorId, spaceId: audits.spaceId, path: audits.secureSpacePath })
      .from(audits)
      .where(eq(audits.id, auditId));
    const caller: TAuth = {
      userId: row!.auditorId!,
      spaceId: row!.spaceId,
      spacePath: row!.path,
      permissions: ['AUDIT:READ', 'AUDIT:CREATE', 'AUDIT:WRITE'],
      roles: ['auditor'],
      access: NO_ACCESS,
      isAdmin: false,
      isAuditor: true,
      language: 'es',
    };
    const tree = await loadTree(tx, auditId);
    let scored = 0;
    let failed = 0;
    for (const q of tree.questions) {
      const fail = q.type === 'select' && q.incidences.length > 0 && scored++ % 5 === 0;
      const answer = answerFor(q, fail);
      if (answer) await saveAnswerIn(tx, caller, auditId, { section: q.sectionId, question: q.id, templateAnswer: answer });
      if (fail && answer) {
        failed++;
        await changeIssuesTasksIn(
          tx,
          caller,
          auditId,
          q.sectionId,
          q.id,
          { issuesToAdd: [q.incidences[0]!._id], issuesToRemove: [], tasksToAdd: [], tasksToRemove: [] },
          VIEW,
        );
      }
    }
    const fieldsOf = (type: string) => tree.fields.filter((f) => tree.sections.find((x) => x.id === f.sectionId)?.type === type);
    const cover: Record<string, string> = {
      audit_date: '2026-11-02',
      auditor: 'Álvaro Auditor',
      location: 'Cocina principal',
      summary: 'Cocina en buen estado general.',
      objective: 'Verificar el cumplimiento del plan APPCC.',
    };
    await setFieldValuesIn(
      tx,
      caller,
      auditId,
      'DATA',
      fieldsOf('DATA').map((f) => ({ _id: f.id, value: cover[f.type] ?? 'Dato' })),
    );
    const contact = JSON.stringify([{ name: 'Marta Ruiz', email: 'calidad.valencia@marazul.test' }]);
    await setFieldValuesIn(
      tx,
      caller,
      auditId,
      'CONTACTS',
      fieldsOf('CONTACTS').map((f) => ({ _id: f.id, value: f.type === 'contact_information' ? contact : 'Dato' })),
    );
    if (tree.questionnaire) {
      const answers = tree.questionnaire.questionsAnswers.map((qa) => ({ _id: qa._id, answer: qa.type === 'SIMPLE' ? 'No' : 'Sin emergencias.' }));
      await saveAnswersIn(tx, caller, auditId, answers, VIEW);
      await setSentIn(tx, caller, auditId, true, VIEW);
    }
    await finishIn(tx, caller, auditId, VIEW);
    await setShareIn(tx, caller, auditId, true, VIEW);
    return { failed };
  });
}

/** No PDF made: the report's next read makes it ahead (decision 0119), or else the next click. */
const forgetPdf = (server: TServer, auditId: string) =>
  unsafeUnscoped(server.db, (tx) => tx.update(audits).set({ pdfStatus: 'none', pdfFileId: null, pdfOf: null }).where(eq(audits.id, auditId)));

/** A signed-in session (storage state) of the demo client user, taken without throttling. */
export async function clientSession(browser: Browser, base: string) {
  const context = await browser.newContext({ ...TABLET, baseURL: base, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/correo electrónico o usuario/i).fill('client@demo.test');
  await page.getByLabel(/^contraseña$/i).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: /^entrar$/i }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 60_000 });
  await page.getByTestId('menu-toggle').waitFor({ timeout: 60_000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/**
 * Page time when the first screen reads: the summary and the first section's first question in
 * the document, checked in a frame callback (it answers only when the main thread is free to draw).
 */
const firstScreenReadable = (page: Page) =>
  page
    .waitForFunction(
      () =>
        document.querySelector('[data-testid="report-summary"]') && document.querySelector('.report-panels [data-testid="report-question"]')
          ? performance.now()
          : 0,
      null,
      { polling: 'raf', timeout: 180_000 },
    )
    .then((h) => h.jsonValue() as Promise<number>);

/** Page time when every question of the report is in the document. */
const wholeReport = (page: Page, questions: number) =>
  page
    .waitForFunction((n) => (document.querySelectorAll('[data-testid="report-question"]').length >= n ? performance.now() : 0), questions, {
      polling: 100,
      timeout: 180_000,
    })
    .then((h) => h.jsonValue() as Promise<number>);

/** PDF button → the file handed to the browser (the download event), in ms. */
async function pdfClick(page: Page) {
  const button = page.getByTestId('report-pdf');
  await button.waitFor({ timeout: 60_000 });
  // The PDF's answer (GET …/pdf, 200) if the file came that way: its bytes on the wire.
  let wire: TResponse | null = null;
  const onResponse = (r: TResponse) => {
    if (r.request().method() === 'GET' && /\/reports\/audit\/[^/]+\/pdf$/.test(new URL(r.url()).pathname) && r.status() === 200) wire = r;
  };
  page.on('response', onResponse);
  const started = Date.now();
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 180_000 }), button.click()]);
  const took = Date.now() - started;
  // The file as saved (decoded): what the user keeps, not what crossed the network.
  const saved = (await stat(await download.path())).size;
  page.off('response', onResponse);
  const sent = wire ? (await (wire as TResponse).request().sizes()).responseBodySize : null;
  console.log(
    `  PDF saved: ${Math.round(saved / 1024)} KB, on the wire: ${sent === null ? 'another address' : `${Math.round(sent / 1024)} KB`}, in ${took} ms`,
  );
  // The "ready" message gone and the button idle before the next click.
  await page.waitForFunction(() => !document.querySelector('[data-testid="report-pdf"][aria-busy="true"]'), null, { timeout: 30_000 });
  return took;
}

interface TRun {
  readable: TSample;
  whole: TSample;
  tasks: TSample;
  publicReadable: TSample;
  pdf: TSample;
}

/**
 * Issue 28's report lines on the tablet profile: the run view's generated audit (audit.ts),
 * answered, finished and shared; the client user's report view and the public link, medians of
 * RUNS first visits; the PDF button to the file: the first click of a first visit (the report's read
 * made it ahead), again (the one kept), and with none made (the job made on the click).
 */
export async function benchReportView(engine: 'pglite' | 'postgres', options: { questions?: number } = {}): Promise<TLine[]> {
  const server = await startServer(engine, { serveWeb: true, config: process.env.BENCH_WEB_DIST ? { WEB_DIST: process.env.BENCH_WEB_DIST } : {} });
  const browser = await launch();
  try {
    const generated = await largeAudit(server, options);
    const { failed } = await finishAudit(server, generated.id);
    console.log(`report view: ${generated.sections} sections, ${generated.questions} questions, ${failed} failed with an issue (audit ${generated.id})`);
    const state = await clientSession(browser, server.base);
    const runs = await measure<TRun>(async (run) => {
      const context = await browser.newContext({ ...TABLET, baseURL: server.base, storageState: state, acceptDownloads: true });
      await context.addInitScript('globalThis.__name = (f) => f;');
      await context.addInitScript(PERF_INIT);
      const { page } = await tabletPage(context);
      // A first visit to a report with no PDF yet: its read makes the PDF ahead of the click.
      await forgetPdf(server, generated.id);
      await page.goto(`/client-audits/audits/report/${generated.id}`, { waitUntil: 'commit' });
      const readable = sample({ ms: await firstScreenReadable(page) });
      const whole = sample({ ms: await wholeReport(page, generated.questions) });
      await settle(page);
      const summary = longTasksSummary((await perfOf(page)).longTasks);
      const tasks = sample({ count: summary.count, totalMs: summary.totalMs, longestMs: summary.longestMs });
      await page.screenshot({ path: `/tmp/bench-report-view-top-${run}.png` });
      // Far down: the last question, to look at (the pictures are not checked).
      await page.evaluate(() => [...document.querySelectorAll('[data-testid="report-question"]')].at(-1)?.scrollIntoView({ block: 'center' }));
      await page.waitForTimeout(500);
      await page.screenshot({ path: `/tmp/bench-report-view-end-${run}.png` });
      await page.evaluate(() => scrollTo(0, 0));

      // The user's first click, once the report has been read (made ahead), then again; then with no
      // PDF made (forgotten after the page read the report): the job made on the click.
      const first = await pdfClick(page);
      const again = await pdfClick(page);
      await forgetPdf(server, generated.id);
      const onClick = await pdfClick(page);
      const pdf = sample({ first, again, onClick });
      await context.close();

      // The public link: no session, no shell.
      const anonymous = await browser.newContext({ ...TABLET, baseURL: server.base });
      await anonymous.addInitScript('globalThis.__name = (f) => f;');
      const pub = await tabletPage(anonymous);
      await pub.page.goto(`/share-audit-report/${generated.id}`, { waitUntil: 'commit' });
      const publicReadable = sample({ ms: await firstScreenReadable(pub.page) });
      await anonymous.close();
      console.log(
        `  run ${run + 1}: ${JSON.stringify({ readable: readable.values, whole: whole.values, tasks: tasks.values, pdf: pdf.values, publicReadable: publicReadable.values, load: [readable.load, pdf.load, publicReadable.load].map((l) => l.toFixed(1)) })}`,
      );
      return { readable, whole, tasks, publicReadable, pdf };
    });
    const all = (k: keyof TRun) => runs.map((r) => r[k]);
    return [
      line('report view (client), first load: first screen readable', all('readable'), (m) => s(m.ms!), '< 3 s'),
      line('report view (client), first load: whole report rendered', all('whole'), (m) => s(m.ms!), '—'),
      line(
        'report view (client), first load: long tasks (count, total, longest)',
        all('tasks'),
        (m) => `${m.count}, ${s(m.totalMs!)}, ${ms(m.longestMs!)}`,
        'none > 200 ms',
      ),
      line('report view (public link), first load: first screen readable', all('publicReadable'), (m) => s(m.ms!), '< 3 s'),
      line('report PDF: button → file, first time / again / none made yet', all('pdf'), (m) => `${s(m.first!)} / ${s(m.again!)} / ${s(m.onClick!)}`, '< 2 s'),
    ];
  } finally {
    await browser.close();
    await server.stop();
  }
}
