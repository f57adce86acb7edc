import { expect, test, type Page } from '@playwright/test';
import { screenshotPath, settled, sidebar, signInToShell } from './helpers';

/** Picks an option of an antd select: opens it by its label, types, clicks the option. */
async function pick(page: Page, label: string, search: string, option: string) {
  const box = page.getByTestId('structure-form').getByLabel(label);
  await box.click();
  await box.fill(search);
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: new RegExp(`^${option}$`) })
    .first()
    .click();
}

async function openClients(page: Page) {
  await signInToShell(page, 'admin@demo.test');
  await sidebar(page).getByRole('link', { name: 'Clientes', exact: true }).click();
  await expect(page).toHaveURL(/\/clients$/);
  await expect(page.getByRole('heading', { name: 'Clientes' })).toBeVisible();
  await expect(page.locator('.shell-breadcrumbs')).toHaveText(/^\s*Inicio\s*\/\s*Clientes$/);
}

test.describe('/clients', () => {
  test('creates a client, an establishment and an area and shows them in the tree', async ({ page }) => {
    const client = `Cliente E2E ${Date.now()}`;
    await openClients(page);
    // The demo's areas come first in the alphabet: the client is found by its name.
    await page.getByRole('textbox', { name: 'Buscar' }).fill('Hotel Mar Azul');
    await expect(page.getByRole('link', { name: 'Hotel Mar Azul', exact: true })).toBeVisible();
    await page.getByTestId('list-add').click();
    await expect(page).toHaveURL(/\/clients\/create$/);

    const form = page.getByTestId('structure-form');
    await form.getByLabel('Nombre').fill(client);
    await expect(form.getByLabel('Provincia')).toBeDisabled();
    await expect(form.getByLabel('Municipio')).toBeDisabled();
    await pick(page, 'País', 'Espa', 'España');
    await pick(page, 'Provincia', 'Valen', 'Valencia/València');
    await pick(page, 'Municipio', 'Gandia', 'Gandia');
    await form.getByLabel('Dirección').fill('Calle Mayor 1');
    await form.getByLabel('Código postal').fill('46701');
    await form.getByTestId('add-phone').click();
    await form.getByLabel('Número de teléfono').fill('+34600123456');
    await form.getByLabel('Correo electrónico').first().fill('e2e@cliente.es');
    await page.getByTestId('detail-save').click();
    await expect(page.getByText('Creado correctamente.')).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/[^/]+\/structure$/);
    await expect(page.locator('.shell-breadcrumbs')).toHaveText(/^\s*Inicio\s*\/\s*Clientes\s*\/\s*Detalle\s*\/\s*Estructura$/);
    await expect(page.getByRole('heading', { name: client })).toBeVisible();

    // Establishment under the client (social reason required).
    await page.getByTestId('structure-add-child').click();
    // The open drawer (antd 6 has no .ant-drawer-content; closed drawers stay in the DOM).
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.getByLabel('Nombre').fill('Establecimiento E2E');
    await drawer.getByLabel('Dirección').fill('Calle Mayor 2');
    await drawer.getByLabel('Código postal').fill('46702');
    await drawer.getByTestId('detail-save').click();
    await expect(drawer.getByText('Este campo es obligatorio')).toBeVisible();
    // The required social reason is created from the form itself and selected (issue 23).
    await drawer.getByTestId('structure-form').getByLabel('Razón social').click();
    await page.getByTestId('social-reason-new').click({ timeout: 10_000 });
    const dialog = page.locator('.ant-modal').filter({ hasText: 'Nueva razón social' });
    await dialog.getByLabel('Nombre').fill('Razón E2E S.L.', { timeout: 10_000 });
    await settled(page);
    await page.screenshot({ path: screenshotPath('clients-new-social-reason') });
    await dialog.getByRole('button', { name: 'Guardar' }).click();
    await expect(drawer.getByTestId('select-socialReason')).toContainText('Razón E2E S.L.', { timeout: 10_000 });
    await drawer.getByTestId('detail-save').click();
    await expect(page.getByTestId('tree-node-Establecimiento E2E')).toBeVisible();

    // Area under the establishment.
    await page.getByTestId('tree-node-Establecimiento E2E').getByTestId('node-add').click();
    await drawer.getByLabel('Nombre').fill('Cocina E2E');
    await pick(page, 'Tipo de área', 'Coc', 'Cocina');
    await drawer.getByTestId('detail-save').click();
    await expect(page.getByTestId('tree-node-Cocina E2E')).toBeVisible();
    await expect(page.getByTestId('tree-node-Cocina E2E')).toContainText('Área');

    // General tab shows the stored fields.
    await page.getByRole('tab', { name: 'General' }).click();
    await expect(page.getByTestId('client-general')).toContainText('Gandia');
    await expect(page.getByTestId('client-general')).toContainText('+34600123456');
    await expect(page.getByTestId('client-general')).toContainText('e2e@cliente.es');

    // The history tab: the client's changes and those below it, newest first; a row opens the change.
    await page.getByRole('tab', { name: 'Historial' }).click();
    await expect(page).toHaveURL(/\/clients\/[^/]+\/history$/);
    await expect(page.getByRole('heading', { name: 'Historial de cambios' })).toBeVisible();
    const changes = page.locator('.ant-table-row');
    await expect(changes).toHaveCount(3);
    for (const row of await changes.all()) await expect(row).toContainText('Creación');
    await expect(page.getByText('3 en total')).toBeVisible();
    await changes.last().click();
    await expect(page.getByRole('dialog')).toContainText(client);
    await page.keyboard.press('Escape');
    await settled(page);
    await page.screenshot({ path: screenshotPath('client-history') });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('trace-card')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.screenshot({ path: screenshotPath('client-history-phone'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });

    // The tree view of the list lazy-loads the children.
    await page.goto('/clients/tree-list');
    await expect(page.locator('.shell-breadcrumbs')).toHaveText(/^\s*Inicio\s*\/\s*Clientes\s*\/\s*Vista en árbol$/);
    const root = page.getByTestId(`tree-node-${client}`);
    await expect(root).toBeVisible();
    await page.locator('.ant-tree-treenode').filter({ has: root }).locator('.ant-tree-switcher').click();
    await expect(page.getByTestId('tree-node-Establecimiento E2E')).toBeVisible();
  });

  test('shows the validation messages (missing zip code, bad phone)', async ({ page }) => {
    await openClients(page);
    await page.getByTestId('list-add').click();
    const form = page.getByTestId('structure-form');
    await form.getByLabel('Nombre').fill('Sin código postal');
    await form.getByLabel('Dirección').fill('Calle 1');
    await form.getByTestId('add-phone').click();
    await form.getByLabel('Número de teléfono').fill('600');
    await page.getByTestId('detail-save').click();
    await expect(page.locator('#zipCode_help, [id$="zipCode_help"]')).toHaveText('Este campo es obligatorio');
    await expect(page.getByText('Número no válido: un + seguido de 7 a 15 dígitos')).toBeVisible();
    await form.getByLabel('Código postal').fill('28A');
    await expect(page.getByText('Solo números (hasta 9 dígitos)')).toBeVisible();
    await expect(page).toHaveURL(/\/clients\/create$/);
  });
});

test.describe('/settings/nomenclatures', () => {
  test('creates and deletes an area type', async ({ page }) => {
    const name = `Zona E2E ${Date.now()}`;
    await signInToShell(page, 'admin@demo.test');
    await sidebar(page).getByRole('menuitem', { name: 'Configuración' }).click();
    await sidebar(page).getByRole('link', { name: 'Nomenclaturas', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/nomenclatures\/area-type$/);
    await expect(page.locator('.shell-breadcrumbs')).toHaveText(/^\s*Inicio\s*\/\s*Configuración\s*\/\s*Nomenclaturas\s*\/\s*Tipos de área$/);
    await expect(page.getByRole('heading', { name: 'Tipos de área' })).toBeVisible();
    await expect(page.getByRole('cell', { name: 'Cocina', exact: true })).toBeVisible();

    await page.getByTestId('list-add').click();
    await page.getByTestId('detail-save').click();
    await expect(page.getByText('Este campo es obligatorio')).toHaveCount(2);
    const form = page.getByTestId('nomenclature-form');
    await form.getByLabel('Nombre').fill(name);
    await form.getByLabel('Descripción').fill('Creada desde la prueba');
    await page.getByTestId('detail-save').click();
    await expect(page.getByText('Creado correctamente.')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toBeVisible();

    await row.getByTestId('row-delete').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Eliminar' }).click();
    await expect(page.getByText('Eliminado correctamente.')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    // Wait for the confirmation (and the form's drawer, when the machine is slow) to finish closing:
    // while a mask still covers the tabs, Playwright's retries scroll the (overflow hidden) tab strip
    // and the click lands beside the tab. Counted, not toBeHidden: both may still be leaving at once.
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Servicios', exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/services$/);
    await expect(page.getByRole('columnheader', { name: 'Precio (€)' })).toBeVisible();
  });
});

test.describe('screens', () => {
  test('clients, client page, client form and a nomenclature page', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToShell(page, 'admin@demo.test');
    await page.goto('/clients/tree-list');
    await page.locator('.ant-tree-switcher').first().click();
    await settled(page);
    await page.screenshot({ path: screenshotPath('clients-tree'), fullPage: true });
    await page.goto('/clients/directory-list');
    await expect(page.getByTestId('client-card').first()).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('clients-directory'), fullPage: true });
    await page.goto('/clients');
    // Clients only: no establishment or area rows (the demo's areas came first, two "Cocina").
    await expect(page.getByRole('link', { name: 'Hotel Mar Azul', exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(page.locator('.ant-table-row').filter({ hasText: /^(Cocina|Almacén)/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Hotel Mar Azul Valencia', exact: true })).toHaveCount(0);
    await settled(page);
    await page.screenshot({ path: screenshotPath('clients-table'), fullPage: true });
    await page.getByRole('textbox', { name: 'Buscar' }).fill('Hotel Mar Azul');
    await page.getByRole('link', { name: 'Hotel Mar Azul', exact: true }).click();
    // A client opens on its Structure tab.
    await expect(page).toHaveURL(/\/clients\/[0-9a-f-]{36}\/structure$/, { timeout: 10_000 });
    await expect(page.getByRole('tab', { name: 'Estructura', selected: true })).toBeVisible({ timeout: 10_000 });
    await settled(page);
    await page.screenshot({ path: screenshotPath('client-structure'), fullPage: true });
    await page.getByRole('tab', { name: 'General' }).click();
    await expect(page.getByTestId('client-general')).toBeVisible({ timeout: 10_000 });
    await settled(page);
    await page.screenshot({ path: screenshotPath('client-general'), fullPage: true });
    await page.locator('.detail-header').getByRole('button', { name: 'Editar' }).click();
    await expect(page.getByTestId('structure-form')).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('client-form-desktop'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await settled(page);
    await page.screenshot({ path: screenshotPath('client-form-mobile'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/settings/services');
    await settled(page);
    await page.screenshot({ path: screenshotPath('nomenclature-services'), fullPage: true });
    await page.goto('/settings/nomenclatures/templates-category');
    await settled(page);
    await page.screenshot({ path: screenshotPath('nomenclature-categories'), fullPage: true });
  });
});
