import { expect, test } from '@playwright/test';
import { screenshotPath, settled, signIn, signInToShell } from './helpers';

/** Pictures of the main screens for a human to look at (written to .e2e-artifacts/screens). */
test.describe('screenshots', () => {
  test('login', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('login-desktop') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: screenshotPath('login-mobile') });
  });

  test('auditor home', async ({ page }) => {
    await signInToShell(page, 'auditor@demo.test');
    await expect(page.getByTestId('home-auditor')).toBeVisible();
    await page.screenshot({ path: screenshotPath('home-auditor'), fullPage: true });
  });

  test('client home', async ({ page }) => {
    await signInToShell(page, 'client@demo.test');
    await expect(page.getByTestId('home-client')).toBeVisible();
    await page.screenshot({ path: screenshotPath('home-client'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: screenshotPath('home-client-mobile'), fullPage: true });
  });

  test('admin screens', async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await signInToShell(page, 'admin@demo.test');
    await expect(page.getByTestId('home-client')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('home-admin-1920') });
    await page.goto('/admin/users');
    await expect(page.getByRole('link', { name: 'Álvaro Auditor' })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('users-1920') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await settled(page);
    await page.screenshot({ path: screenshotPath('users-1366') });
    await page.getByTestId('space-selector').click();
    await expect(page.getByTestId('space-selector-panel')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('space-selector') });
    await page.keyboard.press('Escape');
    await page.getByTestId('notifications-button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('notifications') });
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Álvaro Auditor' }).click();
    await expect(page.getByRole('heading', { name: 'Álvaro Auditor' })).toBeVisible();
    await page.screenshot({ path: screenshotPath('user-detail') });
    await page.goto('/admin/users/create');
    await expect(page.getByTestId('user-form')).toBeVisible();
    await page.screenshot({ path: screenshotPath('user-create') });
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Ana Administradora' })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('profile') });
    await page.goto('/client-registers/kitchen');
    await page.screenshot({ path: screenshotPath('coming-soon') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin/users');
    await expect(page.getByText('Álvaro Auditor').first()).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('users-mobile'), fullPage: true });
    await page.getByTestId('menu-toggle').click();
    await settled(page);
    await page.screenshot({ path: screenshotPath('menu-mobile') });
    await page.keyboard.press('Escape');
    await page.getByTestId('notifications-button').click();
    await settled(page);
    await page.screenshot({ path: screenshotPath('notifications-mobile') });
  });

  test('structure selection', async ({ page }) => {
    await signIn(page, 'consultant@demo.test');
    await expect(page.getByTestId('structure-selection')).toBeVisible();
    await page.screenshot({ path: screenshotPath('structure-selection') });
  });

  test('tablet width and dialogs', async ({ page }) => {
    await page.setViewportSize({ width: 900, height: 800 });
    await signInToShell(page, 'admin@demo.test');
    await page.goto('/admin/users');
    await expect(page.getByRole('link', { name: 'Carmen Cliente' })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('users-900') });
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.getByTestId('list-filters').click();
    await settled(page);
    await page.screenshot({ path: screenshotPath('users-filters') });
    await page.keyboard.press('Escape');
    const pedro = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'Pedro Pendiente' }) });
    await pedro.getByTestId('row-actions').click();
    await settled(page);
    await page.screenshot({ path: screenshotPath('users-row-actions') });
    await page.getByRole('menuitem', { name: 'Enviar correo' }).click();
    const email = page.getByRole('dialog', { name: /Nuevo correo/ });
    await expect(email).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('email-dialog') });
    await page.keyboard.press('Escape');
    await expect(email).toBeHidden();
    await pedro.getByTestId('row-actions').click();
    await expect(page.getByRole('menuitem', { name: 'Restablecer contraseña' })).toBeVisible();
    await settled(page);
    await page.getByRole('menuitem', { name: 'Restablecer contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restablecer contraseña' });
    await expect(dialog.getByRole('switch')).toBeChecked();
    await dialog.getByRole('switch').click();
    await expect(dialog.getByRole('switch')).not.toBeChecked();
    await dialog.getByLabel('Nueva contraseña').fill('Segura#2026x');
    await settled(page);
    await page.screenshot({ path: screenshotPath('reset-password') });
    await page.keyboard.press('Escape');
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page
      .getByRole('radio', { name: /Directory/ })
      .or(page.getByTitle('Directory'))
      .first()
      .click();
    await expect(page.getByTestId('directory-view')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('users-directory-en') });
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
  });
});
