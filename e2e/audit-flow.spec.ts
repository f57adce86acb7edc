import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import type { TAudit, TAuditQuestion, TReadingOption } from '@audit/domain/audits';
import { screenshotPath, settled, sidebar, signInToShell } from './helpers';
import { addContact } from './run-helpers';

/**
 * The whole audit flow as users do it (issue 4, "Done means"): the demo auditor creates a hygiene
 * audit with the wizard, starts it from the preview, answers every question in the run view (one
 * failed answer with its incidence, a corrective task and a photo as evidence), watches the score
 * move, fills the contacts and finishes; then shares the report, the client user reads it signed
 * in, anyone reads it through the public link, and the PDF (made when the report was first read)
 * downloads with one click from the report screen, is saved, read and turned into a picture of its
 * first page.
 */
const HYGIENE = 'Auditoría de higiene alimentaria';
const CLIENT = 'Hotel Mar Azul';
// Alicante has no audit in the demo data: the new audit is the only one there (no "start from the last one").
const ESTABLISHMENT = 'Hotel Mar Azul Alicante';
const SERVICE = 'Auditoría de higiene';
const AUDITOR = 'Álvaro Auditor';
const CONTACT = { name: 'Marta Ruiz', email: 'calidad.alicante@marazul.test' };
const PDF_PATH = '.e2e-artifacts/audit-flow.pdf';
const DESKTOP = { width: 1366, height: 900 };

/** The signed-in page's bearer token (the test's own reads; the screens never need it from here). */
const bearer = async (page: Page) => ({ authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` });

/** A context of its own (another person's browser), Spanish like the configured one. */
const freshPage = async (browser: Browser) => {
  const context = await browser.newContext({ locale: 'es-ES', baseURL: test.info().project.use.baseURL, viewport: DESKTOP });
  return { context, page: await context.newPage() };
};

/** DD-MM-YYYY of today plus `days` (local), as the wizard's range picker takes it. */
const day = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
};

/** Picks an option of an antd select in the wizard: opens it by its label, clicks the option by its text. */
async function pick(page: Page, label: RegExp, option: string) {
  const field = page.getByRole('dialog').getByLabel(label);
  await field.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}`) })
    .first()
    .click();
  await expect(field.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText(option);
}

/** A value inside what a reading option expects, typed with the Spanish decimal comma. */
function inRange(option: TReadingOption): string {
  const { minValue: min, maxValue: max } = option;
  const value =
    option.operation === 'between'
      ? ((min ?? 0) + (max ?? 10)) / 2
      : option.operation === 'lessThan'
        ? (max ?? 0) - 2
        : option.operation === 'greaterThan'
          ? (min ?? 0) + 2
          : option.operation === 'equal'
            ? (min ?? 0)
            : 1;
  return String(value).replace('.', ',');
}

/** Percent as the Spanish screens and the PDF write it: one decimal, comma. */
const percent = (value: number) => `${(Math.round(value * 10) / 10).toFixed(1).replace('.', ',')} %`;

/** The rendered <img> has really loaded its picture (a signed URL that answers with image bytes). */
async function expectLoadedImage(image: Locator) {
  await expect(image).toBeVisible();
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

/** A small but real photo: a 320x200 PNG with coloured bands, made here. */
const photo = () =>
  sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 11, g: 110, b: 95 } } })
    .composite([{ input: { create: { width: 320, height: 70, channels: 3, background: { r: 250, g: 173, b: 20 } } }, top: 130, left: 0 }])
    .png()
    .toBuffer();

test('audit flow: wizard, run with an incident and a photo, finish, shared report for client and public, PDF', async ({ page, browser }) => {
  test.setTimeout(170_000);
  await page.setViewportSize(DESKTOP);

  // ── 1. The auditor creates the audit with the three-step wizard ────────────────────────────────
  await signInToShell(page, 'auditor@demo.test');
  await sidebar(page)
    .getByRole('link', { name: /^(Auditorías|Audits)$/ })
    .click();
  await expect(page).toHaveURL(/\/auditor\/audits$/);
  // The calendar's demo drafts (decision 0087) may already list Alicante: this audit is found by its id later.
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await page.getByTestId('list-add').click();
  const wizard = page.getByRole('dialog', { name: /Nueva auditoría|New audit/ });
  await expect(wizard.getByTestId('wizard-setting')).toBeVisible();
  await pick(page, /^(Cliente|Client)$/, CLIENT);
  await pick(page, /^(Establecimiento|Establishment)$/, ESTABLISHMENT);
  await pick(page, /^(Servicio|Service)$/, SERVICE);
  await pick(page, /^Auditor$/, AUDITOR);
  const range = wizard.locator('.ant-picker-range');
  await range.locator('input').first().click();
  await range.locator('input').first().fill(day(0));
  await range.locator('input').first().press('Enter');
  await range.locator('input').nth(1).fill(day(1));
  await range.locator('input').nth(1).press('Enter');
  await expect(range.locator('input').nth(1)).toHaveValue(day(1));
  await wizard.getByTestId('wizard-next').click();

  await expect(wizard.getByTestId('wizard-templates')).toBeVisible();
  await wizard
    .getByTestId('wizard-template')
    .filter({ hasText: HYGIENE })
    .getByRole('button', { name: /Seleccionar esta plantilla|Select this template/ })
    .click();
  const summary = wizard.getByTestId('wizard-confirmation');
  for (const text of [CLIENT, ESTABLISHMENT, SERVICE, HYGIENE, AUDITOR, `${day(0)} – ${day(1)}`]) await expect(summary).toContainText(text);
  await settled(page);
  await page.screenshot({ path: screenshotPath('audit-flow-wizard-confirmation') });
  await wizard.getByTestId('wizard-create').click();

  // ── 2. Preview, start, run view ──────────────────────────────────────────────────────────────
  const preview = page.getByTestId('audit-preview');
  await expect(preview).toContainText(ESTABLISHMENT);
  await expect(preview).toContainText(HYGIENE);
  await expect(preview).toContainText(/Borrador|Draft/);
  // The demo has half a year of finished audits here (decision 0091): starting from the last is offered.
  await expect(page.getByTestId('audit-start-previous')).toBeVisible();
  await page.getByTestId('audit-start').click();
  await expect(page).toHaveURL(/\/auditor\/audits\/run\/[0-9a-f-]{36}$/);
  const auditId = page.url().split('/').pop()!;
  await expect(page.locator('.run-header-title')).toHaveText(HYGIENE);
  await expect(page.locator('.run-header')).toContainText(ESTABLISHMENT);
  await expect(page.locator('.run-header')).toContainText(/En curso|Running/);

  // What the template holds, read once from the server: the test then answers each question on screen.
  const read = await page.request.get(`/ms-core/api/audits/${auditId}`, { headers: await bearer(page) });
  expect(read.ok()).toBe(true);
  const audit = (await read.json()) as TAudit;
  const questionSections = audit.sections.filter((s) => s.type === 'QUESTION').sort((a, b) => a.position - b.position);
  const questions = questionSections.flatMap((s) => [...s.questions].sort((a, b) => a.position - b.position));
  const scored = questions.filter((q) => q.type === 'select' && q.select?.scoring);
  expect(questions.length, 'the hygiene template has questions of several kinds').toBeGreaterThan(scored.length);
  expect(scored.length).toBeGreaterThan(5);
  // The failed one: a scored question whose incidence has more than one corrective task (so one is chosen).
  const failedQuestion = scored.find((q) => (q.incidences[0]?.tasks.length ?? 0) > 1 && q !== scored[0]);
  expect(failedQuestion, 'a scored question with an incidence of several tasks').toBeTruthy();
  const incidence = failedQuestion!.incidences[0]!;
  const task = incidence.tasks[0]!;
  const option = (q: TAuditQuestion, failed: boolean) =>
    q.select!.options.find((o) => o.failed === failed && (failed || o.score === Math.max(...q.select!.options.map((x) => x.score))))!;

  const card = (q: TAuditQuestion) => page.locator('.run-question').filter({ has: page.getByRole('heading', { name: q.name, exact: false }) });
  const score = page.getByTestId('audit-score').locator('.run-score-value');
  const scoreBefore = (await score.innerText()).trim();
  expect(scoreBefore, 'nothing answered: no score yet').toBe('—');

  // ── 3 and 4. Every question answered on screen; the score follows the scored selects ──────────
  let answeredScored = 0;
  let points = 0;
  let maxPoints = 0;
  // The first (largest) deduction of a raised incidence comes off the percentage.
  let deduction = 0;
  for (const q of questions) {
    const c = card(q);
    await c.scrollIntoViewIfNeeded();
    await expect(c).toHaveCount(1);
    if (q.type === 'select') {
      const failed = q === failedQuestion;
      const chosen = option(q, failed);
      const previous = (await score.innerText()).trim();
      await c.getByRole('radio', { name: chosen.label, exact: true }).click();
      await expect(c.getByRole('radio', { name: chosen.label, exact: true })).toHaveAttribute('aria-checked', 'true');
      if (!q.select?.scoring) continue;
      answeredScored++;
      points += chosen.score;
      maxPoints += Math.max(...q.select.options.map((o) => o.score));
      const expected = percent((points * 100) / maxPoints - deduction);
      await expect(score).toHaveText(expected);
      if (answeredScored === 1) expect(expected, 'the first scored answer gives the audit a score').not.toBe(scoreBefore);
      if (!failed) continue;

      // The failed answer: the score drops, the card asks for an incidence.
      expect(expected).not.toBe(previous);
      await expect(c).toContainText(/Respuesta fallida: seleccione al menos una incidencia\.|Failed answer/);
      await expect(c.locator('.run-state')).toContainText(/Fallida|Failed/);
      await c.getByRole('button', { name: /Incidencias|Incidences/ }).click();
      const item = c.locator('.run-incidence').filter({ hasText: incidence.name });
      await item.getByRole('checkbox', { name: incidence.name }).check();
      await expect(item.getByRole('checkbox', { name: incidence.name })).toBeChecked();
      await expect(c).not.toContainText(/Respuesta fallida|Failed answer/);
      // Its deduction counts at once (the first deduction comes off the percentage).
      deduction = incidence.deductionPercentage;
      await expect(score).toHaveText(percent((points * 100) / maxPoints - deduction));
      // A corrective task of the several offered.
      const taskBox = item.locator('.run-tasks').getByRole('checkbox', { name: task.name });
      await expect(taskBox).not.toBeChecked();
      await taskBox.check();
      await expect(taskBox).toBeChecked();
      // A photo as evidence, through the file picker.
      const chooser = page.waitForEvent('filechooser');
      const upload = page.waitForResponse((r) => r.url().endsWith('/evidences') && r.request().method() === 'POST');
      await item.getByRole('button', { name: /Añadir foto|Add photo/ }).click();
      await (await chooser).setFiles({ name: 'evidencia.png', mimeType: 'image/png', buffer: await photo() });
      expect((await upload).ok()).toBe(true);
      await expect(item.locator('.run-image img')).toHaveCount(1);
      await expectLoadedImage(item.locator('.run-image img'));
    } else if (q.type === 'readingRegistry') {
      const config = q.readingRegistry!;
      for (const place of config.placesMeasure) {
        for (const reading of config.options) {
          const input = c.getByLabel(`${place.place} · ${reading.label}`, { exact: true });
          await input.fill(inRange(reading));
          await input.press('Tab');
        }
      }
      await expect(c.locator('.run-state')).toContainText(/Respondida|Answered/);
      await expect(c.locator('.run-out-of-range')).toHaveCount(0);
    } else if (q.type === 'number') {
      const input = c.getByRole('textbox', { name: q.name });
      await input.fill('2');
      await input.press('Enter');
    } else if (q.type === 'text' || q.type === 'paragraph') {
      const input = c.getByRole('textbox', { name: q.name });
      await input.fill('Registros al día; cámaras revisadas durante la visita.');
      await input.press('Tab');
    } else {
      throw new Error(`the flow does not know how to answer a "${q.type}" question (${q.name})`);
    }
    await expect(c.locator('.run-state')).toContainText(/Respondida|Answered|Fallida|Failed/);
  }
  // Every section says all its questions are answered.
  for (const s of questionSections)
    await expect(page.locator(`#section-${s._id} .run-section-score`)).toContainText(`${s.questions.length}/${s.questions.length}`);
  const finalValue = Math.round(((points * 100) / maxPoints - deduction) * 10) / 10;
  const finalPercent = percent(finalValue);
  await expect(score).toHaveText(finalPercent);

  // ── 5. Cover and contacts, then finish ────────────────────────────────────────────────────────
  // The cover's required fields, as the auditor would (finishing itself does not check them).
  const visit = page.getByLabel(/^Fecha de la auditoría\s*\*?$/);
  await visit.click();
  await visit.fill(day(0));
  await visit.press('Enter');
  const visitEnd = page.locator('.run-section').first().locator('.ant-picker-range input').nth(1);
  await visitEnd.fill(day(1));
  await visitEnd.press('Enter');
  await expect(visitEnd).toHaveValue(day(1));
  await page.getByLabel(/^Auditor\s*\*?$/).fill(AUDITOR);
  await page.getByLabel(/^Auditor\s*\*?$/).press('Enter');
  await page.getByLabel(/^Ubicación/).fill('Cocina');
  await page.getByLabel(/^Ubicación/).press('Enter');
  await addContact(page, CONTACT);
  await expect(page.locator('.run-saving')).toContainText(/Guardado|Saved/);
  // The stored range reads back into the picker.
  await expect(visit).toHaveValue(day(0));
  await expect(visitEnd).toHaveValue(day(1));
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  // Cards off screen skip painting (content-visibility: auto), which a full-page capture does not
  // undo: paint them all for this one picture, then put the page back as it was.
  const paintAll = await page.addStyleTag({ content: '.run-card-group { content-visibility: visible !important; }' });
  await page.screenshot({ path: screenshotPath('audit-flow-run-answered'), fullPage: true });
  await paintAll.evaluate((style) => (style as Element).remove());
  await card(failedQuestion!).scrollIntoViewIfNeeded();
  await settled(page);
  await page.screenshot({ path: screenshotPath('audit-flow-run-incident') });

  await page
    .locator('.run-header')
    .getByRole('button', { name: /Finalizar|Finish/ })
    .click();
  await page
    .getByRole('dialog', { name: /¿Finalizar la auditoría\?|Finish the audit\?/ })
    .getByRole('button', { name: /Finalizar|Finish/ })
    .click();
  await expect(page).toHaveURL(/\/auditor\/audits$/);
  // The row of this audit: the calendar's demo drafts (decision 0087) start later and come first in the
  // list (latest start first), so turn pages until it shows.
  const row = page.locator(`.ant-table-row[data-row-key="${auditId}"]`);
  await expect(async () => {
    if (await row.isVisible()) return;
    await page.locator('.ant-pagination-next:not(.ant-pagination-disabled)').click({ timeout: 2_000 });
    await expect(row).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText(ESTABLISHMENT);
  await expect(row.getByTestId('audit-status')).toHaveText(/Finalizada|Finished/);
  await expect(row).toContainText(finalPercent);

  // ── 6. The report: the auditor shares it ──────────────────────────────────────────────────────
  await row.click();
  await expect(page.getByTestId('audit-preview')).toContainText(/Finalizada|Finished/);
  await page.getByTestId('audit-report').click();
  await expect(page).toHaveURL(new RegExp(`/auditor/audits/report/${auditId}$`));
  await expect(page.getByTestId('report-summary')).toContainText(finalPercent);
  await page.getByTestId('report-share').click();
  await expect(page.getByTestId('share-url')).toHaveValue(new RegExp(`/share-audit-report/${auditId}\\?lang=es$`));
  await expect(page.getByTestId('report-share')).toContainText(/Compartido|Shared/);
  await settled(page);
  await page.screenshot({ path: screenshotPath('audit-flow-report-shared') });

  /** What a reader of the report must see, signed in or not. */
  const expectReport = async (reader: Page, withClient: boolean) => {
    const summaryCard = reader.getByTestId('report-summary');
    await expect(summaryCard).toContainText(HYGIENE);
    await expect(summaryCard).toContainText(withClient ? `${CLIENT} › ${ESTABLISHMENT}` : ESTABLISHMENT);
    await expect(reader.getByTestId('report-score')).toContainText(finalPercent);
    await expect(reader.getByTestId('report-count-total').locator('.report-count-value')).toHaveText('1');
    await expect(reader.getByTestId('report-question')).toHaveCount(questions.length);
    const issue = reader.getByTestId('report-issue');
    await expect(issue).toHaveCount(1);
    await expect(issue).toContainText(incidence.name);
    await expect(
      issue
        .getByRole('listitem')
        .filter({ hasText: task.name })
        .getByRole('img', { name: /Hecha|Done/ }),
    ).toBeVisible();
    for (const other of incidence.tasks.filter((x) => x !== task))
      await expect(
        issue
          .getByRole('listitem')
          .filter({ hasText: other.name })
          .getByRole('img', { name: /Pendiente|Pending/ }),
      ).toBeVisible();
    await expectLoadedImage(issue.locator('.report-photo img'));
    await expect(reader.getByText(CONTACT.email).first()).toBeVisible();
    // The cover as the auditor filled it: the visit's range reads as days, not as stored.
    await expect(reader.getByTestId('report-fields').first()).toContainText(`${day(0)} – ${day(1)}`);
    await expect(reader.getByTestId('report-fields').first()).toContainText(AUDITOR);
  };

  // The client user, in a browser of their own.
  const client = await freshPage(browser);
  await signInToShell(client.page, 'client@demo.test');
  await sidebar(client.page)
    .getByText(/^(Auditorías|Audits)$/)
    .first()
    .click();
  await sidebar(client.page)
    .getByRole('link', { name: /Auditorías realizadas|Audits made/ })
    .click();
  await expect(client.page).toHaveURL(/\/client-audits\/audits$/);
  // This audit's row: the demo's history has more finished audits at Alicante (decision 0091).
  const clientRow = client.page.locator(`.ant-table-row[data-row-key="${auditId}"]`);
  await expect(clientRow).toHaveCount(1);
  await expect(clientRow).toContainText(ESTABLISHMENT);
  await expect(clientRow).toContainText(finalPercent);
  await clientRow.click();
  await expect(client.page).toHaveURL(new RegExp(`/client-audits/audits/report/${auditId}$`));
  await expectReport(client.page, true);
  await expect(client.page.getByTestId('report-share')).toHaveCount(0);
  await settled(client.page);
  await client.page.screenshot({ path: screenshotPath('audit-flow-client-report'), fullPage: true });

  // Anyone with the link, without signing in.
  const visitor = await freshPage(browser);
  await visitor.page.goto(`/share-audit-report/${auditId}`);
  await expectReport(visitor.page, false);
  await expect(visitor.page.getByTestId('menu-toggle')).toHaveCount(0);
  await expect(visitor.page.getByTestId('report-pdf')).toHaveCount(0);
  await settled(visitor.page);
  await visitor.page.screenshot({ path: screenshotPath('audit-flow-public-report'), fullPage: true });
  await visitor.context.close();

  // ── 7. The PDF, from the client's report screen ───────────────────────────────────────────────
  const reader = client.page;
  // The report's first read made the PDF (decision 0119): by the time it has been read, GET answers it.
  const auth = await bearer(reader);
  await expect
    .poll(async () => (await reader.request.get(`/ms-core/api/reports/audit/${auditId}/pdf`, { headers: auth })).status(), {
      message: 'the PDF made when the report was first read',
      timeout: 60_000,
      intervals: [500, 1000, 2000],
    })
    .toBe(200);
  // One click downloads it at once, under the report's name, and says so.
  const pdfName = `${HYGIENE} - ${ESTABLISHMENT}.pdf`;
  const downloading = reader.waitForEvent('download');
  await reader.getByTestId('report-pdf').click();
  await expect(reader.getByText(/PDF listo: se ha descargado|PDF ready: it has been downloaded/)).toBeVisible();
  // Made before anyone asked, it was announced to nobody (the made-on-click path, with its
  // notification, is run-report.spec.ts's).
  const notices = await reader.request.post('/ms-core/api/notifications/search', { headers: auth, data: { size: 50, page: 0, filters: [] } });
  const shared = ((await notices.json()) as { type: string; payload: { body?: { auditId?: string } } }[]).filter(
    (n) => n.type === 'SHARE_FILE' && n.payload.body?.auditId === auditId,
  );
  expect(shared).toEqual([]);
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(pdfName);
  mkdirSync(dirname(PDF_PATH), { recursive: true });
  await download.saveAs(PDF_PATH);
  const bytes = readFileSync(PDF_PATH);
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');

  const fromPdfParse = createRequire(createRequire(join(process.cwd(), 'package.json')).resolve('pdf-parse'));
  const standardFontDataUrl = join(dirname(fromPdfParse.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
  const parser = new PDFParse({ data: new Uint8Array(bytes), standardFontDataUrl });
  try {
    const text = await parser.getText();
    expect(text.total).toBeGreaterThan(1);
    const cover = text.getPageText(1);
    expect(cover).toContain(HYGIENE);
    expect(cover).toContain(CLIENT);
    expect(cover).toContain(ESTABLISHMENT);
    // The same figure as the screens, with one decimal.
    expect(cover).toContain(finalPercent);
    expect(cover).toContain(`${points} / ${maxPoints} puntos`);
    expect(text.text).toContain(failedQuestion!.name);
    expect(text.text).toContain(incidence.name);
    expect(text.text).toContain(task.name);
    expect(text.text).toContain(CONTACT.email);
    expect(text.text).toMatch(new RegExp(`Fecha de la auditoría\\s+${day(0)} – ${day(1)}`));
    // The evidence photo is embedded in the PDF.
    expect(bytes.toString('latin1').match(/\/Subtype \/Image/g) ?? []).toHaveLength(1);
    const shot = await parser.getScreenshot({ partial: [1], scale: 1.5, imageBuffer: true, imageDataUrl: false });
    const png = Buffer.from(shot.pages[0]!.data);
    mkdirSync(dirname(screenshotPath('x')), { recursive: true });
    writeFileSync(screenshotPath('audit-flow-pdf-page1'), png);
    // Not blank: a page-sized picture with a good share of non-white pixels and several colours.
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.width).toBeGreaterThan(800);
    let inked = 0;
    const colours = new Set<number>();
    for (let i = 0; i < data.length; i += 3) {
      if (data[i]! < 235 || data[i + 1]! < 235 || data[i + 2]! < 235) inked++;
      colours.add((data[i]! >> 4) * 256 + (data[i + 1]! >> 4) * 16 + (data[i + 2]! >> 4));
    }
    expect(inked / (info.width * info.height)).toBeGreaterThan(0.05);
    expect(colours.size).toBeGreaterThan(20);
  } finally {
    await parser.destroy();
  }
  await client.context.close();
});
