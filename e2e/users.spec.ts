import { expect, test, type Page } from '@playwright/test';
import { sidebar, signInToShell } from './helpers';

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function openUsers(page: Page) {
  await signInToShell(page, 'admin@demo.test');
  await sidebar(page).getByRole('menuitem', { name: 'Administración' }).click();
  await sidebar(page).getByRole('link', { name: 'Usuarios', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
}

test.describe('/admin/users', () => {
  test('lists the demo users and the search filters them', async ({ page }) => {
    await openUsers(page);
    for (const name of ['Ana Administradora', 'Álvaro Auditor', 'Carmen Cliente', 'Clara Consultora', 'Pedro Pendiente']) {
      await expect(page.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(row(page, 'Pedro Pendiente')).toContainText('No verificado');
    await page.getByRole('textbox', { name: 'Buscar' }).fill('carmen');
    await expect(page.getByRole('link', { name: 'Álvaro Auditor' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Carmen Cliente' })).toBeVisible();
    await expect(page.getByText('1 en total')).toBeVisible();
  });

  test('filters by status', async ({ page }) => {
    await openUsers(page);
    await page.getByTestId('list-filters').click();
    await page.getByRole('checkbox', { name: 'No verificado' }).check();
    await page.getByTestId('filters-apply').click();
    await expect(page.getByRole('link', { name: 'Pedro Pendiente' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Carmen Cliente' })).toHaveCount(0);
  });

  test('changes a status and back; not on oneself', async ({ page }) => {
    await openUsers(page);
    await row(page, 'Ana Administradora').getByTestId('row-actions').click();
    await expect(page.getByRole('menuitem', { name: 'Bloquear' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('menuitem', { name: 'Eliminar' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Bloquear' })).toHaveCount(0);

    const clara = row(page, 'Clara Consultora');
    await clara.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Bloquear' }).click();
    await expect(page.getByText('Actualizado correctamente.')).toBeVisible();
    await expect(clara.getByTestId('user-status')).toHaveText('Bloqueado');

    await clara.getByTestId('row-actions').click();
    await expect(page.getByRole('menuitem', { name: 'Bloquear' })).toHaveCount(0);
    await page.getByRole('menuitem', { name: 'Activar' }).click();
    await expect(clara.getByTestId('user-status')).toHaveText('Activo');
  });

  test('bulk actions wait for a selection; table settings are kept per user', async ({ page }) => {
    await openUsers(page);
    await expect(page.getByTestId('bulk-status')).toBeDisabled();
    await expect(page.getByTestId('bulk-remove')).toBeDisabled();
    await row(page, 'Carmen Cliente').getByRole('checkbox').check();
    await expect(page.getByTestId('bulk-remove')).toBeEnabled();
    await expect(page.getByTestId('selected-count')).toHaveText('1 seleccionado');

    // Phone starts hidden on a fresh account (the list fits a 1366 px screen); showing it is remembered.
    await page.getByTestId('table-settings').click();
    // click + expect rather than check(): the query cache reaches React a task after the click.
    const phone = page.getByTestId('table-settings-panel').getByRole('checkbox', { name: 'Teléfono' });
    await phone.click();
    await expect(phone).toBeChecked();
    await expect(page.getByRole('columnheader', { name: 'Teléfono' })).toBeVisible();
    // Reloaded once the server has the new size (a reload before would show the old one).
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/ms-core/api/users/me/settings') && r.request().method() === 'PATCH' && (r.request().postData() ?? '').includes('"small"'),
    );
    await page.getByTestId('table-settings-panel').getByText('Pequeño').click();
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Carmen Cliente' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Teléfono' })).toBeVisible();
    await expect(page.locator('.ant-table-small')).toHaveCount(1);
    // The page's own reads of the profile settle first: a late one would land on top of the click's change.
    await page.waitForLoadState('networkidle');
    await page.getByTestId('table-settings').click();
    await expect(page.getByTestId('table-settings-panel')).toBeVisible();
    await phone.click();
    await expect(phone).not.toBeChecked();
    await page.getByTestId('table-settings-panel').getByText('Mediano').click();
    await expect(page.getByRole('columnheader', { name: 'Teléfono' })).toHaveCount(0);
  });

  test('opens a user detail from the name', async ({ page }) => {
    await openUsers(page);
    await page.getByRole('link', { name: 'Carmen Cliente' }).click();
    await expect(page).toHaveURL(/\/admin\/users\/[0-9a-f-]{36}\/personal$/);
    await expect(page.getByRole('heading', { name: 'Carmen Cliente' })).toBeVisible();
    await expect(page.getByText('client@demo.test')).toBeVisible();
    await page.getByRole('button', { name: 'Editar' }).click();
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByLabel('Nombre')).toHaveValue('Carmen');
  });

  test('creates a user with a generated password, then edits it', async ({ page }) => {
    await openUsers(page);
    await page.getByTestId('list-add').click();
    await expect(page).toHaveURL(/\/admin\/users\/create$/);
    const form = page.getByTestId('user-form');
    await form.getByLabel('Nombre').fill('Marta');
    await form.getByLabel('Apellidos').fill('RUIZ');
    await expect(form.getByLabel('Apellidos')).toHaveValue('Ruiz');
    const unique = Date.now().toString(36);
    await form.getByLabel('Usuario').fill(`marta.${unique}`);
    await form.getByLabel('Correo electrónico').fill(`marta.${unique}@demo.test`);
    await form.getByLabel('Teléfono').fill('12345');
    await form.getByLabel('Roles').click();
    await page.locator('.ant-select-dropdown').getByTitle('Usuario del cliente', { exact: true }).click();
    await page.keyboard.press('Escape');
    await form.getByLabel('Usuario').press('Enter');
    await expect(form.getByText('Número no válido')).toBeVisible();
    await form.getByLabel('Teléfono').fill('+34600111222');
    await form.getByLabel('Teléfono').press('Enter');
    const created = page.getByRole('dialog', { name: 'Usuario creado' });
    await expect(created).toBeVisible();
    await expect(created.getByText('no se volverá a mostrar')).toBeVisible();
    await created.getByRole('button', { name: 'Cerrar' }).click();
    await expect(page).toHaveURL(/\/personal$/);
    await expect(page.getByRole('heading', { name: 'Marta Ruiz' })).toBeVisible();
    await expect(page.getByText('+34600111222')).toBeVisible();

    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByTestId('user-form').getByLabel('Teléfono').fill('');
    await page.getByTestId('user-form-submit').click();
    await expect(page).toHaveURL(/\/personal$/);
    await expect(page.getByText('Actualizado correctamente.')).toBeVisible();
    await expect(page.getByText('+34600111222')).toHaveCount(0);
  });

  test('resets a password with a generated one shown once, then removes the user', async ({ page }) => {
    await openUsers(page);
    // A user of its own, so no other test's sign-in depends on this one.
    const headers = { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('accessToken'))}` };
    const roles = await (await page.request.post('/ms-core/api/roles/search', { headers, data: { size: 250, search: 'USER' } })).json();
    const unique = Date.now().toString(36);
    const created = await page.request.post('/ms-core/api/users', {
      headers,
      data: {
        firstName: 'Reset',
        lastName: `Target${unique}`,
        username: `reset.${unique}`,
        email: `reset.${unique}@demo.test`,
        roles: [roles[0]._id],
        isAuditor: false,
        autoGeneratePassword: true,
      },
    });
    expect(created.ok()).toBe(true);
    await page.reload();
    await row(page, `Reset Target${unique}`).getByTestId('row-actions').click();
    await expect(page.getByRole('menuitem', { name: 'Restablecer contraseña' })).toBeVisible();
    await page.getByRole('menuitem', { name: 'Restablecer contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restablecer contraseña' });
    await expect(dialog.getByRole('switch')).toBeChecked();
    await dialog.getByRole('switch').click();
    await dialog.getByLabel('Nueva contraseña').fill('ab');
    await expect(dialog.getByTestId('password-strength')).toContainText('Muy débil');
    await dialog.getByRole('switch').click();
    await dialog.getByRole('button', { name: 'Restablecer' }).click();
    await expect(dialog.getByTestId('generated-password')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    // Remove asks first; the removed user stays listed as deleted.
    const target = row(page, `Reset Target${unique}`);
    await target.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const confirm = page.getByRole('dialog', { name: '¿Eliminar el usuario?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Eliminado correctamente.')).toBeVisible();
    await expect(target.getByTestId('user-status')).toHaveText('Eliminado');
  });

  test('the directory view shows user cards', async ({ page }) => {
    await openUsers(page);
    await page
      .getByRole('radio', { name: /Directorio/ })
      .or(page.getByTitle('Directorio'))
      .first()
      .click();
    await expect(page.getByTestId('directory-view')).toBeVisible();
    await expect(page.getByTestId('directory-view').getByRole('link', { name: 'Carmen Cliente' })).toBeVisible();
  });

  test('sends an e-mail to a user; not to oneself', async ({ page }) => {
    await openUsers(page);
    await row(page, 'Ana Administradora').getByTestId('row-actions').click();
    await expect(page.getByRole('menuitem', { name: 'Enviar correo' })).toHaveAttribute('aria-disabled', 'true');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menuitem', { name: 'Enviar correo' })).toHaveCount(0);

    await row(page, 'Carmen Cliente').getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Enviar correo' }).click();
    const dialog = page.getByRole('dialog', { name: /Nuevo correo electrónico/ });
    await expect(dialog.getByText('Carmen Cliente <client@demo.test>')).toBeVisible();
    // A click while the dialog is still opening can be lost on a loaded machine: retry until the
    // user sees the required-field messages.
    await expect(async () => {
      await dialog.getByRole('button', { name: 'Enviar' }).click();
      await expect(dialog.getByText('Este campo es obligatorio').first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 15000 });
    await dialog.getByLabel('Asunto').fill('Visita del martes');
    await dialog.getByLabel('Mensaje').fill('Le confirmamos la visita de inspección.');
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Correo electrónico enviado.')).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});
