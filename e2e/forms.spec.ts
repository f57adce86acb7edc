import { expect, test, type Page } from '@playwright/test';
import { screenshotPath, settled, sidebar, signInToShell } from './helpers';

/** Issue 13's form defects (decision 0026): bounds shown before saving, counts instead of cuts, fresh defaults. */
const HYGIENE = 'Auditoría de higiene alimentaria';

/** Fails the test on any uncaught error or unhandled rejection in the page. */
function watchPageErrors(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

async function shoot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: screenshotPath(`${name}-desktop`) });
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await page.screenshot({ path: screenshotPath(`${name}-phone`) });
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function newTemplate(page: Page, name: string) {
  await sidebar(page).getByRole('link', { name: 'Plantillas', exact: true }).click();
  await page.getByTestId('list-add').click();
  const dialog = page.getByRole('dialog', { name: 'Nueva plantilla' });
  // Saving the empty dialog shows the required fields, with no unhandled rejection.
  await dialog.getByTestId('template-save').click();
  await expect(dialog.getByText('Este campo es obligatorio')).toHaveCount(2);
  // A name over 200 characters is kept whole, counted and refused.
  await dialog.getByLabel('Nombre').fill('N'.repeat(205));
  await expect(dialog.getByLabel('Nombre')).toHaveValue('N'.repeat(205));
  await expect(dialog).toContainText('205 / 200');
  await expect(dialog).toContainText('Como máximo 200 caracteres (tiene 205)');
  await shoot(page, 'forms-template-name-limit');
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Descripción').fill(`Descripción de ${name}`);
  await dialog.getByTestId('template-save').click();
  // Creating navigates to the editor once the template is saved (slow on a loaded machine).
  await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
}

test.describe('form bounds and defaults', () => {
  test('template editor: empty dialog, name limit, section defaults, created message, deduction bounds', async ({ page }) => {
    const errors = watchPageErrors(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToShell(page, 'admin@demo.test');
    await newTemplate(page, `Formularios ${Date.now()}`);

    // A CONTACTS section marked duplicable; the next section starts from the defaults again.
    const add = page.getByTestId('add-section');
    await add.getByLabel('Título de la nueva sección').fill('Contactos previos');
    await add.getByLabel('Tipo de sección').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Contactos', { exact: true }).click();
    await add.getByRole('checkbox', { name: 'Duplicable' }).check();
    await add.getByRole('button', { name: 'Añadir sección' }).click();
    await expect(page.getByTestId('section-panel').filter({ hasText: 'Contactos previos' })).toBeVisible({ timeout: 30_000 });
    await expect(add.getByRole('checkbox', { name: 'Duplicable' })).not.toBeChecked();
    await expect(add.locator('.ant-select')).toContainText('Preguntas');

    // A new field of a CONTACTS section is the list of names and e-mails, not a plain input.
    const contacts = page.getByTestId('section-panel').filter({ hasText: 'Contactos previos' });
    await contacts.locator('.ant-collapse-header').click();
    await contacts.getByRole('button', { name: 'Añadir campo' }).click();
    const field = page.getByRole('dialog', { name: 'Añadir campo' });
    await expect(field.locator('.ant-select')).toContainText('Lista de contactos (nombre y correo)');
    await expect(field).toContainText('cada una con su nombre y su correo electrónico');
    await field.getByLabel('Etiqueta').fill('Personas de contacto');
    await shoot(page, 'forms-contacts-field');
    await field.getByRole('button', { name: 'Guardar' }).click();
    await expect(contacts.getByTestId('field-row')).toContainText('Lista de contactos (nombre y correo)');

    // A question section, a new question: "created", not "updated".
    await add.getByLabel('Título de la nueva sección').fill('Manipulación');
    await add.getByRole('button', { name: 'Añadir sección' }).click();
    const panel = page.getByTestId('section-panel').filter({ hasText: 'Manipulación' });
    await panel.locator('.ant-collapse-header').click();
    await panel.getByTestId('add-question').click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.getByLabel('Pregunta', { exact: true }).fill('¿Usa guantes el personal?');
    await drawer.getByTestId('add-option').click();
    await drawer.getByLabel('Etiqueta de la opción 1').fill('Sí');
    await drawer.getByLabel('Puntos de la opción 1').fill('10');
    await drawer.getByTestId('question-save').click();
    // The template's own "created" message may still be showing: the question's is the last one.
    await expect(page.getByText('Creado correctamente.').last()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText('Actualizado correctamente.')).toHaveCount(0);

    // An incident deduction of 150 % is refused before saving; "1e9" is named, not kept silently.
    await drawer.getByTestId('add-incident').click();
    const dialog = page.getByRole('dialog', { name: 'Añadir incidencia' });
    await dialog.getByLabel('Nombre').fill('Sin guantes');
    const deduction = dialog.getByTestId('incident-deduction');
    await deduction.fill('150');
    await dialog.getByTestId('incident-save').click();
    await expect(dialog).toContainText('El valor máximo es 100');
    await expect(deduction).toHaveValue('150');
    await deduction.fill('1e9');
    await expect(dialog).toContainText('Escriba un número');
    await expect(dialog).toContainText('Entre 0 y 100');
    await shoot(page, 'forms-incident-deduction');
    await deduction.fill('12,5');
    await dialog.getByTestId('incident-save').click();
    // Saved on the server before the dialog closes: on a loaded machine that can take more than the default wait.
    await expect(dialog).toBeHidden({ timeout: 30_000 });
    await expect(drawer.getByTestId('incident-row')).toContainText(/−12[,.]5 %/);
    expect(errors).toEqual([]);
  });

  test('service price: 99999999999999999 is refused before saving, in Spanish and English', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToShell(page, 'admin@demo.test');
    await page.goto('/settings/services');
    await page.getByTestId('list-add').click();
    const form = page.getByTestId('nomenclature-form');
    await form.getByTestId('service-price').fill('99999999999999999');
    await form.getByTestId('service-price').blur();
    await expect(form).toContainText('El valor máximo es 999.999,99');
    await expect(form.getByTestId('service-price')).toHaveValue('99999999999999999');
    await shoot(page, 'forms-service-price');
  });

  test('deleting a template in use says how many audits use it', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToShell(page, 'admin@demo.test');
    await sidebar(page).getByRole('link', { name: 'Plantillas', exact: true }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: HYGIENE }) });
    await row.getByTestId('row-actions').click();
    await page.getByRole('menuitem', { name: 'Eliminar' }).click();
    const usage = page.getByTestId('template-usage');
    await expect(usage).toContainText(/La usan? \d+ auditor/);
    await expect(usage).toContainText('guardan su propia copia');
    await shoot(page, 'forms-template-delete');
    await page.getByRole('button', { name: 'Cancelar' }).click();
  });

  test('the space selector shows the tree: each establishment under its own client', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await signInToShell(page, 'admin@demo.test');
    await page.getByTestId('space-selector').click();
    const options = page.getByTestId('space-option');
    await expect(options.first()).toBeVisible();
    const rows = await options.evaluateAll((els) => els.map((el) => ({ level: Number(el.getAttribute('data-level')), text: el.textContent ?? '' })));
    // Levels go down one step at a time: a child always follows its parent (or a sibling subtree).
    rows.forEach((row, i) => expect(row.level, row.text).toBeLessThanOrEqual(i === 0 ? 0 : rows[i - 1]!.level + 1));
    expect(rows.some((r) => r.level >= 2)).toBe(true);
    await page.screenshot({ path: screenshotPath('forms-space-tree-desktop') });
  });
});
