import { expect, test } from '@playwright/test';
import { signInToShell } from './helpers';

test('an admin switches to a client space and sees only its users', async ({ page }) => {
  await signInToShell(page, 'admin@demo.test');
  await expect(page.getByTestId('space-selector')).toContainText('Higiene Demo S.L.');
  await page.getByTestId('space-selector').click();
  const panel = page.getByTestId('space-selector-panel');
  await panel.getByRole('textbox').fill('Mar Azul');
  await expect(panel.getByTestId('space-option').first()).toContainText('Hotel Mar Azul');
  await panel
    .getByTestId('space-option')
    .filter({ hasText: /^HMHotel Mar AzulEstructura( · |$)/ })
    .click();
  await expect(page).toHaveURL(/\/home\/client$/);
  await expect(page.getByTestId('space-selector')).toContainText('Hotel Mar Azul');

  await page.goto('/admin/users');
  await expect(page.getByRole('link', { name: 'Carmen Cliente' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Clara Consultora' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Álvaro Auditor' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Ana Administradora' })).toHaveCount(0);
});
