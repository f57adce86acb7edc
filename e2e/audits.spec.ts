import { expect, test, type Page } from '@playwright/test';
import { pick as pickOption, screenshotPath, settled, sidebar, signInToShell } from './helpers';

const HYGIENE = 'Auditoría de higiene alimentaria';

/**
 * Picks an option of an antd select in the wizard by its label, and checks the select shows it,
 * choosing again when it does not: on a busy machine a list re-rendered as its options arrived has
 * taken the click for its neighbour ("Alicante" for "Valencia").
 */
async function pick(page: Page, label: string, option: string) {
  const field = page.getByRole('dialog').getByLabel(label, { exact: true });
  const shown = field.locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');
  await expect(async () => {
    await pickOption(page, field, option);
    await expect(shown).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
}

/** DD-MM-YYYY of today plus `days` (local). */
const day = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
};

const selectText = (page: Page, label: string) =>
  page.getByRole('dialog').getByLabel(label, { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]');

/** Both screenshot widths of the brief: desktop 1366x900 and 800 px. */
async function shoot(page: Page, name: string, fullPage = false) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await settled(page);
  await page.screenshot({ path: screenshotPath(`${name}-desktop`), fullPage });
  await page.setViewportSize({ width: 800, height: 900 });
  await settled(page);
  await page.screenshot({ path: screenshotPath(`${name}-800`), fullPage });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function openAuditorAudits(page: Page) {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToShell(page, 'auditor@demo.test');
  await sidebar(page).getByRole('link', { name: 'Auditorías', exact: true }).click();
  await expect(page).toHaveURL(/\/auditor\/audits$/);
  await expect(page.getByRole('heading', { name: 'Auditorías' })).toBeVisible();
}

/**
 * On a tablet (1024 px with the sidebar open, 800 px with it folded) the table shows status, date
 * and score without scrolling sideways: place, service and auditor fold into the template cell; on a
 * phone everything does.
 */
async function expectFitsTablet(page: Page) {
  for (const width of [1024, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    const table = page.locator('.ant-table-content, .ant-table-body').first();
    // The columns fold after React re-renders for the new width, not within the resize itself.
    await expect.poll(() => table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    for (const header of ['Estado', 'Inicio', 'Puntuación']) await expect(page.getByRole('columnheader', { name: header })).toBeInViewport();
    await expect(page.getByRole('columnheader', { name: 'Servicio' })).toHaveCount(0);
    // Client › establishment: which client's visit comes first depends on the day of the month
    // (how many of the calendar's planned visits fit before the end of the next one).
    await expect(page.locator('.ant-table-row').first().locator('.audit-compact-place')).toContainText(/^(Hotel Mar Azul|Restaurante El Olivo) › \S/);
  }
  // A phone: one card per audit, with its date, status and (finished) score under the name.
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  const table = page.locator('.ant-table-content, .ant-table-body').first();
  await expect.poll(() => table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await expect(page.getByRole('columnheader')).toHaveCount(1);
  // The first page is the calendar's planned drafts (decision 0087): a card with its date and status.
  const first = page.locator('.ant-table-row').first();
  await expect(first.locator('.audit-compact-phone')).toContainText(/\d{2}-\d{2}-\d{4}\s*(Borrador|En curso|Finalizada)/);
  await page.setViewportSize({ width: 1366, height: 900 });
  await expect(page.getByRole('columnheader', { name: 'Servicio' })).toBeVisible();
  await expect(page.locator('.audit-compact-place').first()).toBeHidden();
  await expect(page.locator('.audit-compact-phone').first()).toBeHidden();
}

test.describe('audits', () => {
  test('the auditor creates an audit through the wizard and starts it', async ({ page }) => {
    await openAuditorAudits(page);
    const rows = page.locator('.ant-table-row');
    await expect(rows.first()).toBeVisible();
    // The calendar's planned visits (decision 0087) fill the first page with drafts; the finished
    // audits are opened in the next test.
    await expect(page.getByTestId('audit-status').filter({ hasText: 'Borrador' }).first()).toBeVisible();
    await shoot(page, 'audits-list');
    await expectFitsTablet(page);

    await page.getByTestId('list-add').click();
    const dialog = page.getByRole('dialog', { name: 'Nueva auditoría' });
    await expect(dialog.getByTestId('wizard-setting')).toBeVisible();
    await expect(dialog.getByTestId('wizard-next')).toBeDisabled();
    await expect(dialog.getByLabel('Establecimiento', { exact: true })).toBeDisabled();

    // Clearing rules: a new client clears the establishment and the auditor; a new establishment the service.
    await pick(page, 'Cliente', 'Restaurante El Olivo');
    await pick(page, 'Establecimiento', 'El Olivo Centro');
    await pick(page, 'Auditor', 'Álvaro Auditor');
    await pick(page, 'Cliente', 'Hotel Mar Azul');
    await expect(selectText(page, 'Establecimiento')).not.toContainText('El Olivo Centro');
    await expect(selectText(page, 'Auditor')).not.toContainText('Álvaro Auditor');
    await pick(page, 'Establecimiento', 'Hotel Mar Azul Alicante');
    await pick(page, 'Servicio', 'Auditoría de higiene');
    await pick(page, 'Establecimiento', 'Hotel Mar Azul Valencia');
    await expect(selectText(page, 'Servicio')).not.toContainText('Auditoría de higiene');
    await pick(page, 'Servicio', 'Auditoría de higiene');
    await pick(page, 'Auditor', 'Álvaro Auditor');

    // Visit dates: typed into the range picker (DD-MM-YYYY).
    const range = dialog.locator('.ant-picker-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill(day(0));
    await range.locator('input').first().press('Enter');
    await range.locator('input').nth(1).fill(day(1));
    await range.locator('input').nth(1).press('Enter');
    await expect(range.locator('input').nth(1)).toHaveValue(day(1));
    await expect(dialog.getByTestId('wizard-next')).toBeEnabled();
    await shoot(page, 'audits-wizard-1-setting');
    await dialog.getByTestId('wizard-next').click();

    // Template: the category tree and the service's templates.
    await expect(dialog.getByTestId('wizard-templates')).toBeVisible();
    const template = dialog.getByTestId('wizard-template').filter({ hasText: HYGIENE });
    await expect(template).toBeVisible();
    await shoot(page, 'audits-wizard-2-template');
    await template.getByRole('button', { name: /Seleccionar esta plantilla/ }).click();

    // Confirmation and create.
    const summary = dialog.getByTestId('wizard-confirmation');
    await expect(summary).toContainText('Hotel Mar Azul Valencia');
    await expect(summary).toContainText('Auditoría de higiene');
    await expect(summary).toContainText(HYGIENE);
    await expect(summary).toContainText(`${day(0)} – ${day(1)}`);
    await expect(summary).toContainText('Álvaro Auditor');
    await shoot(page, 'audits-wizard-3-confirmation');
    await dialog.getByTestId('wizard-create').click();
    await expect(page.getByText('Creado correctamente.')).toBeVisible();

    // The new audit's preview: a draft, started from scratch into the run view.
    const preview = page.getByTestId('audit-preview');
    await expect(preview).toContainText('Hotel Mar Azul Valencia');
    await expect(preview).toContainText('Borrador');
    await expect(preview).toContainText(`${day(0)} – ${day(1)}`);
    await shoot(page, 'audits-preview');
    await page.getByTestId('audit-start').click();
    await expect(page).toHaveURL(/\/auditor\/audits\/run\/[0-9a-f-]{36}$/);
  });

  test('the auditor opens a finished audit report from the preview and shares it', async ({ page, browser }) => {
    await openAuditorAudits(page);
    // Filter by status on the server: only finished audits remain.
    await page.getByTestId('list-filters').click();
    await page.locator('.ant-drawer-open').getByLabel('Finalizada').click();
    await expect(page.locator('.ant-drawer-open').getByLabel('Finalizada')).toBeChecked();
    await page.getByTestId('filters-apply').click();
    await expect(page.getByTestId('audit-status').filter({ hasText: 'Borrador' })).toHaveCount(0);
    await expect(page.getByTestId('audit-status').filter({ hasText: 'Finalizada' }).first()).toBeVisible();

    await page.getByTestId('audit-status').filter({ hasText: 'Finalizada' }).first().click();
    await expect(page.getByTestId('audit-preview')).toContainText('Finalizada');
    await expect(page.getByTestId('audit-reopen')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('audits-preview-finished-desktop') });
    await page.getByTestId('audit-report').click();
    await expect(page).toHaveURL(/\/auditor\/audits\/report\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('report-summary')).toBeVisible();
    const auditId = page.url().split('/').pop()!;

    // Sharing: the link is shown (and copied); turning it off closes the public page.
    await page.getByTestId('report-share').click();
    await expect(page.getByTestId('share-url')).toHaveValue(new RegExp(`/share-audit-report/${auditId}\\?lang=es$`));
    const shared = new URL(await page.getByTestId('share-url').inputValue());
    await page.getByTestId('share-disable').click();
    await expect(page.getByText('El enlace público se ha desactivado.')).toBeVisible();
    // An English browser opening the Spanish report's closed link reads the link's language (decision 0069).
    const anonymous = await browser.newContext({ locale: 'en-US', baseURL: test.info().project.use.baseURL });
    const visitor = await anonymous.newPage();
    await visitor.goto(shared.pathname + shared.search);
    await expect(visitor.getByText('Informe no disponible')).toBeVisible({ timeout: 10_000 });
    await shoot(visitor, 'audits-public-report-closed', true);

    await page.getByTestId('report-share').click();
    // The first share's toast may still be on screen: at least one copy message shows.
    await expect(page.getByText('Enlace copiado al portapapeles.').or(page.getByText('No se pudo copiar: copie el enlace a mano.')).first()).toBeVisible();
    await expect(page.getByTestId('share-url')).toBeVisible();

    // The public link works without signing in, outside the shell.
    await visitor.goto(`/share-audit-report/${auditId}`);
    await expect(visitor.getByTestId('report-summary')).toBeVisible();
    await expect(visitor.getByTestId('menu-toggle')).toHaveCount(0);
    await expect(visitor.getByTestId('report-share')).toHaveCount(0);
    await shoot(visitor, 'audits-public-report', true);
    await anonymous.close();
  });

  test('the client sees the audits made and opens the finished audit report', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToShell(page, 'client@demo.test');
    await sidebar(page).getByText('Auditorías', { exact: true }).first().click();
    await sidebar(page).getByRole('link', { name: 'Auditorías realizadas' }).click();
    await expect(page).toHaveURL(/\/client-audits\/audits$/);
    const row = page.locator('.ant-table-row').first();
    await expect(row).toBeVisible();
    await expect(page.getByTestId('list-add')).toHaveCount(0);
    await shoot(page, 'audits-client-list');

    await row.click();
    await expect(page).toHaveURL(/\/client-audits\/audits\/report\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('report-summary')).toBeVisible();
    await expect(page.getByTestId('report-count-total')).toBeVisible();
    await expect(page.getByTestId('report-question').first()).toBeVisible();
    await expect(page.getByTestId('report-share')).toHaveCount(0);
    await shoot(page, 'audits-report', true);
  });
});
