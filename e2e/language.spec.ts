import { expect, test } from '@playwright/test';
import { sidebar, signInToShell } from './helpers';

test('switching the language changes the texts and back', async ({ page }) => {
  await signInToShell(page, 'client@demo.test');
  await expect(page.getByRole('heading', { name: /Buen(os|as) (días|tardes|noches), Carmen/ })).toBeVisible();
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: /Good (morning|afternoon|evening), Carmen/ })).toBeVisible();
  await expect(sidebar(page).getByRole('link', { name: 'Documentation' })).toBeVisible();
  await page.reload();
  await expect(sidebar(page).getByRole('link', { name: 'Documentation' })).toBeVisible();
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(sidebar(page).getByRole('link', { name: 'Documentación' })).toBeVisible();
  await expect(page.getByRole('heading', { name: /Buen(os|as) (días|tardes|noches), Carmen/ })).toBeVisible();
});

test('the sign-in screen and server errors follow the language', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('auth-language').getByText('EN').click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await page.getByLabel('E-mail or username').fill('admin@other.test');
  await page.getByLabel('Password', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('Invalid credentials.');
  await page.getByTestId('auth-language').getByText('ES').click();
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
});
