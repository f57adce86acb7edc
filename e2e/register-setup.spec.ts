import { expect, test, type Page } from '@playwright/test';
import { pageApi, pick as pickOption, pickTreeNode, settled, sidebar, signInToShell } from './helpers';

const pick = (page: Page, field: ReturnType<Page['getByLabel']>, option: string) => pickOption(page, field, option, { exact: true });

/**
 * Issue 15, the forms (decision 0035): an administrator builds a register template with a
 * temperature param (0 to 5 °C) in the editor, creates a daily register for the kitchens of the
 * demo hotel, edits it (before and after it has data), and limits a client user's registers access.
 * Screenshots at 1280 px and 390 px: E2E_SHOTS (default /tmp/regforms).
 */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/regforms';
const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

const selectOf = (page: Page, testId: string) => page.getByTestId(testId).locator('xpath=ancestor-or-self::div[contains(@class,"ant-select")][1]');

test('an administrator sets up a register: template, register, edit, registers access', async ({ page }) => {
  test.setTimeout(240_000);
  const stamp = Date.now();
  const templateName = `Temperaturas e2e ${stamp}`;
  const registerName = `Cámaras e2e ${stamp}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToShell(page, 'admin@demo.test');

  // The register template list, from the sidebar's office group "Gestión de registros" (an administrator
  // also sees the clients' "Registros" group).
  await sidebar(page).getByText('Gestión de registros', { exact: true }).click();
  await sidebar(page).getByRole('link', { name: 'Plantillas de registro' }).click();
  await expect(page).toHaveURL(/\/templates\/registers$/);
  await expect(page.getByRole('heading', { name: 'Plantillas de registro' })).toBeVisible();

  await page.getByTestId('list-add').click();
  const header = page.getByRole('dialog', { name: 'Nueva plantilla de registro' });
  await header.getByLabel('Nombre').fill(templateName);
  await header.getByLabel('Título').fill('Control de temperaturas de cámaras');
  await pickTreeNode(page, header.getByLabel('Categoría'), 'Cocina');
  await header.getByTestId('register-template-save').click();
  await expect(page).toHaveURL(/\/templates\/manage\/register-type\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: templateName })).toBeVisible();
  await expect(page.getByText('La plantilla todavía no tiene secciones')).toBeVisible();

  // A section with a temperature param: the accepted range is said before saving.
  await page.getByLabel('Título de la nueva sección').fill('Cámaras frigoríficas');
  await page.getByRole('button', { name: 'Añadir sección' }).click();
  const section = page.getByTestId('register-section').filter({ hasText: 'Cámaras frigoríficas' });
  await expect(section).toBeVisible();
  await section.getByRole('button', { name: 'Añadir parámetro' }).click();
  const param = page.getByRole('dialog', { name: 'Añadir parámetro' });
  await param.getByLabel('Nombre').fill('Temperatura');
  await expect(param.getByLabel('Tipo')).toBeVisible();
  await param.getByTestId('item-min').fill('0');
  await param.getByTestId('item-max').fill('5');
  await expect(param.getByTestId('limits-preview')).toContainText('entre 0 °C y 5 °C');
  // A maximum below the minimum is refused on the form, before any call.
  await param.getByTestId('item-max').fill('-1');
  await param.getByTestId('register-item-save').click();
  await expect(param.getByText('El mínimo no puede superar el máximo')).toBeVisible();
  await param.getByTestId('item-max').fill('5');
  await expect(param.getByText('El mínimo no puede superar el máximo')).toBeHidden();
  await shot(page, 'param-dialog-1280');
  await param.getByTestId('register-item-save').click();
  await expect(param).toBeHidden();
  await expect(section.getByTestId('register-item').filter({ hasText: 'Temperatura' })).toContainText('entre 0 °C y 5 °C');

  // A second param, then moved above the first with the keyboard-reachable move button.
  await section.getByRole('button', { name: 'Añadir parámetro' }).click();
  const notes = page.getByRole('dialog', { name: 'Añadir parámetro' });
  await notes.getByLabel('Nombre').fill('Observaciones');
  await pick(page, notes.getByLabel('Tipo'), 'Texto');
  await notes.getByTestId('register-item-save').click();
  await expect(notes).toBeHidden();
  const params = section.getByTestId('section-params').getByTestId('register-item');
  await expect(params).toHaveCount(2);
  await section.getByRole('button', { name: 'Subir «Observaciones»' }).focus();
  await page.keyboard.press('Enter');
  await expect(params.first()).toContainText('Observaciones');
  await page.reload();
  await expect(page.getByTestId('register-section').getByTestId('section-params').getByTestId('register-item').first()).toContainText('Observaciones');
  await settled(page);
  await shot(page, 'template-editor-1280');

  // The register: a daily register for the hotel's two kitchens.
  await page.goto('/registers/management');
  await expect(page.getByRole('heading', { name: 'Gestión de registros' })).toBeVisible();
  await page.getByTestId('list-add').click();
  await expect(page).toHaveURL(/\/registers\/management\/create$/);
  const form = page.getByTestId('register-form');
  await form.getByLabel('Nombre').fill(registerName);
  await pick(page, form.getByLabel('Cliente'), 'Hotel Mar Azul');
  await pick(page, form.getByLabel('Área'), 'Cocina');
  await pick(page, form.getByLabel('Plantilla'), templateName);
  await pickTreeNode(page, form.getByLabel('Categoría'), 'Cocina');
  await pick(page, form.getByLabel('Establecimientos'), 'Todos (2)');
  await expect(selectOf(page, 'register-establishments')).toContainText('Todos (2)');
  await pick(page, form.getByLabel('Instalaciones'), 'Cocina principal');
  await pick(page, form.getByLabel('Instalaciones'), 'Cocina');
  await page.keyboard.press('Escape');
  await pick(page, form.getByLabel('Periodo'), 'Mensual');
  await pick(page, form.getByLabel('Frecuencia'), 'Diario');
  await settled(page);
  await shot(page, 'register-form-1280');
  await form.getByTestId('register-save').click();
  await expect(page).toHaveURL(/\/registers\/management\/[0-9a-f-]{36}$/);
  const detail = page.getByTestId('register-detail');
  await expect(detail).toContainText('Hotel Mar Azul');
  await expect(detail).toContainText('Todos (2)');
  await expect(detail).toContainText('Cocina principal, Cocina');
  const registerId = page.url().split('/').pop()!;

  // Edit before data: every field is open; the client is fixed.
  await detail.getByTestId('register-edit').click();
  await expect(page).toHaveURL(/\/edit$/);
  const edit = page.getByTestId('register-form');
  await expect(edit.getByLabel('Cliente')).toBeDisabled();
  await edit.getByLabel('Nombre').fill(`${registerName} (cocinas)`);
  await edit.getByTestId('register-save').click();
  await expect(page).toHaveURL(new RegExp(`/registers/management/${registerId}$`));
  await expect(page.getByTestId('register-detail')).toContainText(`${registerName} (cocinas)`);

  // Once it has a reading, editing asks first and leaves name, facilities and description only.
  const register = await pageApi<{ areas: { _id: string }[]; template: { _id: string } }>(page, 'GET', `/ms-registry/api/registers/${registerId}`);
  const tree = await pageApi<{ sections: { params: { _id: string; name: string }[] }[] }>(
    page,
    'GET',
    `/ms-registry/api/template-registers/${register.template._id}`,
  );
  const temperature = tree.sections[0]!.params.find((p) => p.name === 'Temperatura')!._id;
  const today = await page.evaluate(() => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(new Date()));
  await pageApi(page, 'POST', `/ms-registry/api/registers/${registerId}/answer/add`, {
    date: today,
    facilities: [{ _id: register.areas[0]!._id, values: [{ param: temperature, value: '3,5' }] }],
  });
  await page.reload();
  await page.getByTestId('register-detail').getByTestId('register-edit').click();
  const prompt = page.getByRole('dialog', { name: 'El registro ya tiene datos' });
  await expect(prompt).toBeVisible();
  await prompt.getByRole('button', { name: 'Continuar' }).click();
  const reduced = page.getByTestId('register-form');
  await expect(reduced.getByText('solo se pueden cambiar el nombre')).toBeVisible();
  await expect(reduced.getByLabel('Plantilla')).toBeDisabled();
  await expect(reduced.getByLabel('Periodo')).toBeDisabled();
  await reduced.getByLabel('Descripción').fill('Cámaras de las cocinas del hotel');
  await reduced.getByTestId('register-save').click();
  await expect(page.getByTestId('register-detail')).toContainText('Cámaras de las cocinas del hotel');
  // Deleting a register with readings: the server answers 420 and the dialog turns into the
  // reference warning; cancelling keeps everything.
  await page.getByTestId('register-detail').getByRole('button', { name: 'Eliminar' }).click();
  const removeRegister = page.getByRole('dialog', { name: 'Eliminar registro' });
  await removeRegister.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(removeRegister.getByTestId('register-has-logs')).toBeVisible();
  await expect(removeRegister.getByRole('button', { name: 'Eliminar con sus datos' })).toBeVisible();
  await removeRegister.getByRole('button', { name: 'Cancelar' }).click();
  await expect(removeRegister).toBeHidden();
  await page.locator('.ant-drawer-open .ant-drawer-close').click();
  await expect(page).toHaveURL(/\/registers\/management$/);
  await expect(page.getByRole('row').filter({ hasText: `${registerName} (cocinas)` })).toContainText('Todos (2)');
  await settled(page);
  await shot(page, 'registers-list-1280');

  // Deleting the template a register uses: the dialog says so and deletes nothing.
  await page.goto('/templates/registers');
  await page.getByRole('button', { name: `Acciones de ${templateName}` }).click();
  await page.locator('.ant-dropdown:visible').getByText('Eliminar', { exact: true }).click();
  const removeTemplate = page.getByRole('dialog', { name: 'Eliminar plantilla de registro' });
  await removeTemplate.getByRole('button', { name: 'Eliminar', exact: true }).click();
  await expect(removeTemplate.getByTestId('template-in-use')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(removeTemplate).toBeHidden();
  await expect(page.getByText(templateName)).toBeVisible();

  // The client user's registers access: the kitchen area, only this register.
  const users = await pageApi<{ _id: string; email: string }[]>(page, 'POST', '/ms-core/api/users/search', { search: 'client@demo.test', size: 10, page: 0 });
  const carmen = users.find((u) => u.email === 'client@demo.test')!;
  await page.goto(`/admin/users/${carmen._id}/edit`);
  const access = page.getByTestId('registers-access');
  await expect(access).toBeVisible();
  await access.getByTestId('registers-access-add').click();
  await pick(page, access.getByLabel('Área de la entrada 1'), 'Cocina');
  await pick(page, access.getByLabel('Registros de la entrada 1'), `${registerName} (cocinas) · Hotel Mar Azul`);
  await page.keyboard.press('Escape');
  await shot(page, 'user-registers-access-1280');
  await page.getByTestId('user-form-submit').click();
  await expect(page).toHaveURL(/\/personal$/);
  const saved = await pageApi<{ registersAccess: unknown[] }>(page, 'GET', `/ms-core/api/users/${carmen._id}`);
  expect(saved.registersAccess).toEqual([{ areaAccess: 'KITCHEN', registers: [registerId] }]);

  // Phone-sized screens.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/templates/manage/register-type/${register.template._id}`);
  await expect(page.getByText('entre 0 °C y 5 °C')).toBeVisible();
  await settled(page);
  await shot(page, 'template-editor-390');
  await page.goto('/registers/management');
  await expect(page.getByText(`${registerName} (cocinas)`)).toBeVisible();
  await settled(page);
  // One wrapping column and the actions: neither the page nor the table scrolls sideways (decision 0049).
  const widths = await page.evaluate(() => {
    const table = document.querySelector('.ant-table-content')!;
    return { page: document.documentElement.scrollWidth, table: table.scrollWidth - table.clientWidth };
  });
  expect(widths).toEqual({ page: 390, table: 0 });
  await expect(page.getByTestId('register-phone-row').filter({ hasText: `${registerName} (cocinas)` })).toContainText('Hotel Mar Azul · Cocina · Diario');
  await shot(page, 'registers-list-390');
  await page.goto(`/registers/management/${registerId}`);
  await expect(page.getByTestId('register-detail')).toContainText('Hotel Mar Azul');
  await settled(page);
  await shot(page, 'register-detail-390');
  await page.goto(`/admin/users/${carmen._id}/edit`);
  await expect(page.getByTestId('registers-access-entry')).toHaveCount(1);
  await page.getByTestId('registers-access').scrollIntoViewIfNeeded();
  await settled(page);
  await page.screenshot({ path: `${SHOTS}/user-registers-access-390.png` });

  // The same editor in English (the header's language switch; Spanish back at the end).
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/templates/manage/register-type/${register.template._id}`);
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByText('between 0 °C and 5 °C')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add param' })).toBeVisible();
  await settled(page);
  await shot(page, 'template-editor-en-1280');
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'Español' }).click();
  await expect(page.getByText('entre 0 °C y 5 °C')).toBeVisible();

  // Leave the demo client user as it was (other specs sign in as her).
  await pageApi(page, 'PATCH', `/ms-core/api/users/${carmen._id}`, await restoreBody(page, carmen._id));
});

/** The user's own update body with an empty registersAccess. */
async function restoreBody(page: Page, id: string) {
  const u = await pageApi<{
    firstName: string;
    lastName: string | null;
    username: string;
    email: string;
    phone: string | null;
    roles: { _id: string }[];
    isAuditor: boolean;
  }>(page, 'GET', `/ms-core/api/users/${id}`);
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    username: u.username,
    email: u.email,
    phone: u.phone ?? '',
    roles: u.roles.map((r) => r._id),
    isAuditor: u.isAuditor,
    registersAccess: [],
  };
}
