import { expect, test } from '@playwright/test';
import { pageApi, settled, signInToShell } from './helpers';

type TRegister = { _id: string; name: string };

/**
 * /register-traces: an auditor changes a register and records a value; the trace list names who
 * changed what and when, filters by what changed, reads in Spanish and English, and fits a phone.
 */
test('the register traces list who changed which register or log, in Spanish and English, on a phone too', async ({ page }) => {
  await signInToShell(page, 'auditor@demo.test');
  const registers = await pageApi<TRegister[]>(page, 'POST', '/ms-registry/api/registers/search', { search: 'congeladores' });
  const freezer = registers[0]!;
  await pageApi(page, 'PATCH', `/ms-registry/api/registers/${freezer._id}`, { description: 'Lectura diaria antes del desayuno.' });

  await page.goto('/register-traces');
  await expect(page.getByRole('heading', { name: 'Trazas de registros' })).toBeVisible();
  const row = page.locator('.ant-table-row').first();
  await expect(row).toContainText('Álvaro Auditor');
  await expect(row).toContainText('Modificado');
  await expect(row).toContainText('Temperaturas de congeladores');
  await expect(row).toContainText('Cambia: description');
  await settled(page);
  await page.screenshot({ path: '/tmp/regjobs/traces-es.png' });

  // Filter: only the values of registers (none yet in the demo's trail: its readings were seeded, not typed).
  await page.getByTestId('list-filters').click();
  await page.getByLabel('Qué').click();
  await page.getByTitle('Valores del registro').click();
  await page.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page.getByText('Todavía no hay cambios en los registros.')).toBeVisible();

  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: 'Register traces' })).toBeVisible();
  await expect(page.getByText('No changes to registers yet.')).toBeVisible();
  await page.reload();
  await expect(page.locator('.ant-table-row').first()).toContainText('Changed');
  await expect(page.locator('.ant-table-row').first()).toContainText('Changes: description');
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: '/tmp/regjobs/traces-en-phone.png', fullPage: true });
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { name: 'Trazas de registros' })).toBeVisible();
});
