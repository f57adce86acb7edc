import { expect, test } from '@playwright/test';
import { signIn, signInToShell } from './helpers';

test.describe('sign-in', () => {
  test('anonymous users land on the sign-in screen', async ({ page }) => {
    await page.goto('/admin/users');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(page.getByRole('link', { name: '¿Ha olvidado su contraseña?' })).toBeVisible();
  });

  test('a bad password shows the catalogue message', async ({ page }) => {
    await signIn(page, 'admin@other.test', 'wrong-password');
    await expect(page.getByRole('alert')).toContainText('Credenciales no válidas.');
    await expect(page).toHaveURL(/\/login/);
  });

  test('an unverified user is told so', async ({ page }) => {
    await signIn(page, 'pending@demo.test');
    await expect(page.getByRole('alert')).toContainText('Usuario no verificado.');
  });

  test('a member of two structures chooses one at sign-in', async ({ page }) => {
    await signIn(page, 'consultant@demo.test');
    const step = page.getByTestId('structure-selection');
    await expect(step.getByRole('heading', { name: /Seleccione una estructura/ })).toBeVisible();
    await expect(step.getByText('Hotel Mar Azul')).toBeVisible();
    await step.getByText('Restaurante El Olivo').click();
    await step.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(/\/home\/client$/);
    await expect(page.getByTestId('space-selector')).toContainText('Restaurante El Olivo');
  });

  test('log out returns to the sign-in screen', async ({ page }) => {
    await signInToShell(page, 'client@demo.test');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await page.goto('/home/client');
    await expect(page).toHaveURL(/\/login/);
  });

  test('an expired access token is refreshed once; a dead session goes to sign-in', async ({ page }) => {
    await signInToShell(page, 'client@demo.test');
    const before = await page.evaluate(() => localStorage.getItem('refreshToken'));
    await page.evaluate(() => localStorage.setItem('accessToken', 'expired.or.forged'));
    await page.reload();
    await expect(page.getByTestId('home-client')).toBeVisible();
    const after = await page.evaluate(() => ({ access: localStorage.getItem('accessToken'), refresh: localStorage.getItem('refreshToken') }));
    expect(after.access).not.toBe('expired.or.forged');
    expect(after.refresh).not.toBe(before);

    await page.evaluate(() => {
      localStorage.setItem('accessToken', 'expired.or.forged');
      localStorage.setItem('refreshToken', 'revoked-refresh-token-value');
    });
    await page.reload();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
  });
});
