import { expect, test } from '@playwright/test';
import { PHONE, screenshotPath, settled, signInToShell } from './helpers';

// The shared day range filter on a phone: one month, the quick ranges above it, nothing off screen (issue 23).
test.use({ viewport: PHONE });

test('the day range filter fits a phone with its quick ranges', async ({ page }) => {
  await signInToShell(page, 'admin@demo.test');
  await page.goto('/admin/users');
  await page.getByTestId('list-filters').click({ timeout: 15_000 });
  await page.locator('.ant-drawer-open').getByLabel('Fecha de alta').first().click({ timeout: 10_000 });
  const popup = page.locator('.ant-picker-dropdown:visible');
  await expect(popup.getByText('Últimos 7 días')).toBeVisible({ timeout: 10_000 });
  await settled(page);
  await page.screenshot({ path: screenshotPath('date-range-phone') });
  const box = (await popup.locator('.ant-picker-panel-container').boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  // Every quick range is on screen and one month is shown.
  for (const preset of ['Hoy', 'Esta semana', 'Últimos 7 días', 'Este mes', 'Últimos 30 días', 'Mes pasado']) {
    const item = (await popup.getByText(preset, { exact: true }).boundingBox())!;
    expect(item.x, preset).toBeGreaterThanOrEqual(0);
    expect(item.x + item.width, preset).toBeLessThanOrEqual(PHONE.width);
  }
  await expect(popup.locator('.ant-picker-date-panel:visible')).toHaveCount(1);
  // The next month stays reachable from the one month shown.
  const title = await popup.locator('.ant-picker-header-view:visible').first().innerText();
  await popup.locator('.ant-picker-header-next-btn:visible').first().click({ timeout: 5_000 });
  await expect(popup.locator('.ant-picker-header-view:visible').first()).not.toHaveText(title);
});
