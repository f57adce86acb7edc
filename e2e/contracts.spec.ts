import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DESKTOP, pick, settled, shoot, sidebar, signInToShell } from './helpers';

/**
 * Service contracts (decision 0083): the office opens /contracts from the sidebar (the demo's hotel
 * contract is there), creates a contract for Restaurante El Olivo with two services and sees its
 * total while typing and once saved, checked to the cent against a total worked out by hand below;
 * activates it after confirming; finds it on the client's Contracts tab and in the Excel download.
 */
test.setTimeout(180_000);

// By hand, IVA rounded half up on each line (decision 0083):
//   Control de legionela  7 × 19,99 € = 139,93 €; 21 % of 139,93 = 29,3853 → 29,39 €
//   Auditoría de piscinas 3 × 33,33 € =  99,99 €; 10 % of  99,99 =  9,999  → 10,00 €
//   net 239,92 € + IVA 39,39 € = 279,31 €
const NET = '239,92 €';
const TOTAL = '279,31 €';
const REFERENCE = `E2E-CT-${Date.now().toString(36)}`;

test('admin creates a contract with two services and sees its total to the cent', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInToShell(page, 'admin@demo.test');

  // ── 1. The sidebar's Contracts entry: the demo's active contract of Hotel Mar Azul ──
  await sidebar(page)
    .getByRole('link', { name: /^contratos$|^contracts$/i })
    .click();
  await expect(page).toHaveURL(/\/contracts$/);
  const demoRow = page.getByRole('row').filter({ hasText: `MAR-${new Date().getFullYear()}` });
  await expect(demoRow).toContainText('Hotel Mar Azul');
  await expect(demoRow).toContainText(/activo|active/i);
  await shoot(page, 'contracts-list');

  // ── 2. A new contract: client, reference, two services with their quantity, price and IVA ──
  await page.getByTestId('list-add').click();
  const form = page.getByTestId('contract-form');
  await pick(page, form.getByTestId('contract-client').locator('input'), 'Restaurante El Olivo');
  await form.getByTestId('contract-reference').fill(REFERENCE);
  await pick(page, form.getByLabel(/^servicio 1$|^service 1$/i), 'Control de legionela');
  await form.getByLabel(/^cantidad\/año 1$|^quantity\/year 1$/i).fill('7');
  await form.getByLabel(/^precio unitario \(€\) 1$|^unit price \(€\) 1$/i).fill('19,99');
  await pick(page, form.getByLabel(/^iva 1$|^vat 1$/i), 'General (21 %)');
  await page.getByTestId('contract-add-line').click();
  await pick(page, form.getByLabel(/^servicio 2$|^service 2$/i), 'Auditoría de piscinas');
  await form.getByLabel(/^cantidad\/año 2$|^quantity\/year 2$/i).fill('3');
  await form.getByLabel(/^precio unitario \(€\) 2$|^unit price \(€\) 2$/i).fill('33,33');
  await pick(page, form.getByLabel(/^iva 2$|^vat 2$/i), 'Reducido (10 %)');
  // The total as typed, from the same function the server uses.
  await expect(page.getByTestId('contract-form-totals-net')).toHaveText(NET);
  await expect(page.getByTestId('contract-form-totals-total')).toHaveText(TOTAL);
  await shoot(page, 'contracts-form');
  await page.getByTestId('contract-save').click();

  // ── 3. Saved: the detail shows the server's total, the same to the cent; then it is activated ──
  const detail = page.getByTestId('contract-detail');
  await expect(detail).toContainText(REFERENCE);
  await expect(detail.getByTestId('contract-totals-net')).toHaveText(NET);
  await expect(detail.getByTestId('contract-totals-total')).toHaveText(TOTAL);
  await expect(detail.getByTestId('contract-status')).toHaveText(/borrador|draft/i);
  await shoot(page, 'contracts-detail');
  await detail.getByTestId('contract-move-ACTIVE').click();
  await page
    .locator('.ant-modal')
    .getByRole('button', { name: /^activar el contrato$|^activate the contract$/i })
    .click();
  await expect(detail.getByTestId('contract-status')).toHaveText(/activo|active/i);
  await expect(detail.getByTestId('contract-edit')).toHaveCount(0);
  await detail.locator('.ant-drawer-close').click();
  await expect(detail).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: REFERENCE });
  await expect(row).toContainText(TOTAL);

  // ── 4. The Excel download of the list holds it, total in euros ──
  const download = page.waitForEvent('download');
  await page.getByTestId('contracts-export').click();
  const book = new ExcelJS.Workbook();
  const bytes = await readFile((await (await download).path())!);
  await book.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  const rows = book.worksheets[0]!.getSheetValues().filter(Boolean) as unknown[][];
  const mine = rows.find((r) => r[1] === REFERENCE);
  expect(mine?.slice(1)).toEqual([
    REFERENCE,
    'Restaurante El Olivo',
    'Activo',
    expect.any(String),
    expect.any(String),
    undefined,
    expect.any(String),
    239.92,
    39.39,
    279.31,
  ]);

  // ── 5. The client's Contracts tab lists it, and only that client's contracts ──
  await page.goto('/clients');
  await page.getByRole('link', { name: 'Restaurante El Olivo', exact: true }).click();
  await page.getByRole('tab', { name: /^contratos$|^contracts$/i }).click();
  await expect(page).toHaveURL(/\/clients\/[0-9a-f-]+\/contracts$/);
  await expect(page.getByRole('row').filter({ hasText: REFERENCE })).toContainText(TOTAL);
  await expect(page.getByRole('row').filter({ hasText: 'MAR-' })).toHaveCount(0);
  await settled(page);
  await shoot(page, 'contracts-client-tab');
});
