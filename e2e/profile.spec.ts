import { expect, test } from '@playwright/test';
import { screenshotPath, settled, signIn, signInToShell } from './helpers';

/** Issue 13: the editable profile, the language saved on the user, the unverified user's sign-in. */
test.describe('profile and language', () => {
  test('the unverified user is told what to do (491), not left at a dead end', async ({ page }) => {
    await signIn(page, 'pending@demo.test');
    const alert = page.getByTestId('login-error');
    await expect(alert).toContainText('Usuario no verificado.');
    await expect(alert).toContainText('pida al administrador de su empresa que active su cuenta');
    await settled(page);
    await page.screenshot({ path: screenshotPath('login-unverified') });
  });

  test('edits name, phone and language; the next sign-in opens in the saved language', async ({ page }) => {
    await signInToShell(page, 'client@demo.test');
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Teléfono').fill('+34611222333');
    await form.getByLabel('Idioma').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('English', { exact: true }).click();
    await settled(page);
    await page.screenshot({ path: screenshotPath('profile-desktop'), fullPage: true });
    await page.getByTestId('profile-save').click();
    await expect(page.getByTestId('profile-save')).toHaveText('Save');
    await expect(page.getByTestId('language-switch')).toContainText('English');

    // The device's choice goes back to Spanish; the user's saved English wins at the next sign-in.
    await page.evaluate(() => {
      localStorage.clear();
      localStorage.setItem('language', 'es');
    });
    await signIn(page, 'client@demo.test');
    await expect(page.getByTestId('language-switch')).toContainText('English');

    // The header's switch saves Spanish on the user.
    await page.getByTestId('language-switch').click();
    await page.getByRole('menuitem', { name: 'Español' }).click();
    await expect(page.getByTestId('language-switch')).toContainText('Español');
    await expect
      .poll(async () =>
        page.evaluate(async () => {
          const r = await fetch('/ms-core/api/users/me', { headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` } });
          return ((await r.json()) as { language: string }).language;
        }),
      )
      .toBe('es');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/profile');
    await expect(page.getByTestId('profile-form')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('profile-phone'), fullPage: true });
  });

  test('a new password needs the current one and must differ from it', async ({ page }) => {
    await signInToShell(page, 'client@demo.test');
    await page.goto('/profile');
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Nueva contraseña', { exact: true }).fill('Demo1234!');
    await form.getByLabel('Repita la nueva contraseña').fill('Demo1234!');
    await page.getByTestId('profile-save').click();
    await expect(form).toContainText('Este campo es obligatorio');
    await form.getByLabel('Contraseña actual').fill('Demo1234!');
    await page.getByTestId('profile-save').click();
    await expect(form).toContainText('La nueva contraseña debe ser distinta de la actual');
    await form.getByLabel('Nueva contraseña', { exact: true }).fill('Otra-Clave-2026!');
    await form.getByLabel('Repita la nueva contraseña').fill('Otra-Clave-2027!');
    await page.getByTestId('profile-save').click();
    await expect(form).toContainText('Las contraseñas no coinciden');
    await form.getByLabel('Repita la nueva contraseña').fill('Otra-Clave-2026!');
    await page.getByTestId('profile-save').click();
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('login-notice')).toContainText('Contraseña cambiada');
    await signIn(page, 'client@demo.test', 'Otra-Clave-2026!');
    await expect(page.getByTestId('menu-toggle')).toBeVisible();
  });
});
