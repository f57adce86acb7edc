import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { pick, settled, shoot, signInToShell } from './helpers';

/**
 * Issue 16: an incident reported by hand ("others": reportedBy, detectedBy, type, category, priority,
 * facility, openDate), then edited from its detail; the audits' list filtered by client; the
 * corrective actions' list downloaded as Excel. Screens
 * at the desktop and phone sizes (`.e2e-artifacts/screens/incident-report-*`).
 */
test('an administrator reports an incident by hand, edits it, and filters the audits incidents by client', async ({ page }) => {
  test.setTimeout(180_000);
  const name = `Puerta de cámara rota ${Date.now()}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToShell(page, 'admin@demo.test');

  await page.goto('/incidents/list/others');
  await expect(page.getByRole('heading', { name: 'Otras incidencias' })).toBeVisible();
  await page.getByTestId('report-incident').click();
  const drawer = page.getByTestId('report-incident-drawer');
  await expect(drawer).toBeVisible();
  // Nothing is sent without the required fields.
  await drawer.getByTestId('report-incident-save').click();
  await expect(drawer.getByText('Este campo es obligatorio').first()).toBeVisible();
  await drawer.getByTestId('report-incident-name').fill(name);
  await pick(page, drawer.getByLabel('Cliente'), 'Hotel Mar Azul', { exact: true });
  await pick(page, drawer.getByLabel('Establecimiento'), 'Hotel Mar Azul Valencia', { exact: true });
  await drawer.getByLabel('Comunicada por').fill('Jefe de cocina');
  await drawer.getByLabel('Detectada por').fill('Mantenimiento');
  await settled(page);
  await shoot(page, 'incident-report-form');
  await drawer.getByTestId('report-incident-save').click();
  // Saved, it opens at once; edited from its "Editar" button, the new name kept after a reload.
  await expect(drawer).toBeHidden();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId('incident-name')).toHaveText(name);
  await page.getByTestId('incident-edit').click();
  const edit = page.getByTestId('edit-incident-drawer');
  await edit.getByLabel('Nombre').fill(`${name} (puerta 2)`);
  await edit.getByTestId('edit-incident-save').click();
  await expect(edit).toBeHidden();
  await expect(page.getByTestId('incident-name')).toHaveText(`${name} (puerta 2)`);
  await page.reload();
  await expect(page.getByTestId('incident-name')).toHaveText(`${name} (puerta 2)`);
  // The others list shows it under its new name.
  await page.goto('/incidents/list/others');
  await expect(page.getByRole('row').filter({ hasText: `${name} (puerta 2)` })).toBeVisible();

  // The audits' incidents filtered by client: Hotel Mar Azul's rows only.
  await page.goto('/incidents/list/audits');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await page.getByTestId('list-filters').click();
  await pick(page, page.getByRole('dialog').getByLabel('Cliente'), 'Hotel Mar Azul', { exact: true });
  await page.getByRole('dialog').getByRole('button', { name: 'Aplicar' }).click();
  // One filter counted on the button's badge; every row is the client's.
  await expect(page.locator('.ant-badge').filter({ has: page.getByTestId('list-filters') })).toContainText('1');
  await expect(rows.first()).toBeVisible();
  for (const text of await rows.allInnerTexts()) expect(text).toContain('Hotel Mar Azul');
  await settled(page);
  await shoot(page, 'incident-report-filtered');

  // The corrective actions' list downloads as an Excel file of the rows it shows.
  await page.goto('/tasks');
  await expect(page.locator('.ant-table-tbody tr.ant-table-row').first()).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByTestId('tasks-export').click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(await download.path());
  const sheet = book.worksheets[0]!;
  expect(sheet.getRow(1).getCell(1).text).toBe('Acción');
  expect(sheet.rowCount).toBeGreaterThan(1);
});

test("a client's others incidents ask only what a client may: its places come from its own spaces, no 403", async ({ page }) => {
  test.setTimeout(120_000);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 403) refused.push(response.url());
  });
  await signInToShell(page, 'client@demo.test');
  await page.goto('/incidents/list/others');
  await expect(page.getByRole('heading', { name: 'Otras incidencias' })).toBeVisible({ timeout: 15_000 });
  await page.getByTestId('report-incident').click();
  const drawer = page.getByTestId('report-incident-drawer');
  await expect(drawer).toBeVisible({ timeout: 10_000 });
  // The client's establishment is offered without a structures search it may not make.
  await pick(page, drawer.getByLabel('Establecimiento'), 'Hotel Mar Azul Valencia', { exact: true });
  await settled(page);
  expect(refused).toEqual([]);
});
