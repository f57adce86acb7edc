import { expect, test, type Page } from '@playwright/test';
import { screenshotPath, settled, sidebar, signInToShell } from './helpers';

const HYGIENE = 'Auditoría de higiene alimentaria';

async function openTemplates(page: Page) {
  await signInToShell(page, 'admin@demo.test');
  await sidebar(page).getByRole('link', { name: 'Plantillas', exact: true }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole('heading', { name: 'Plantillas' })).toBeVisible();
  await expect(page.locator('.shell-breadcrumbs')).toHaveText(/^\s*Inicio\s*\/\s*Plantillas$/);
}

/** Picks an option of an antd Select opened from its form label. */
async function pick(page: Page, label: string | RegExp, option: string | RegExp) {
  await page.getByLabel(label).click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option).first().click();
}

async function createTemplate(page: Page, name: string, withRefs: boolean) {
  await page.getByTestId('list-add').click();
  const dialog = page.getByRole('dialog', { name: 'Nueva plantilla' });
  await dialog.getByLabel('Nombre').fill(name);
  await dialog.getByLabel('Descripción').fill(`Descripción de ${name}`);
  if (withRefs) {
    // Options by name: the service dropdown is still fading out (and matches :visible) when the next one opens.
    await dialog.getByLabel('Servicio').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Auditoría de higiene', { exact: true }).click();
    await expect(dialog.getByLabel('Servicio').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('Auditoría de higiene');
    await dialog.getByLabel('Tipo de instalación').click();
    await page.locator('.ant-select-dropdown:visible').getByTitle('Cocina', { exact: true }).click();
    await expect(dialog.getByLabel('Tipo de instalación').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('Cocina');
  }
  await dialog.getByTestId('template-save').click();
  await expect(page).toHaveURL(/\/templates\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.locator('.shell-breadcrumbs')).toHaveText(/^\s*Inicio\s*\/\s*Plantillas\s*\/\s*Detalle$/);
}

const questionNames = (page: Page) => page.getByTestId('question-name').allInnerTexts();

test.describe('/templates', () => {
  test('builds a template with scored select, incident and reading registry; order survives a reload', async ({ page }) => {
    await openTemplates(page);
    await expect(page.getByRole('link', { name: HYGIENE })).toBeVisible();
    const name = `Plantilla e2e ${Date.now()}`;
    await createTemplate(page, name, true);

    // A QUESTION section.
    await page.getByLabel('Título de la nueva sección').fill('Manipulación');
    await page.getByRole('button', { name: 'Añadir sección' }).click();
    const panel = page.getByTestId('section-panel').filter({ hasText: 'Manipulación' });
    await expect(panel).toContainText('Preguntas');
    await panel.locator('.ant-collapse-header').click();

    // A scored select with a failed option that carries an incident template.
    await panel.getByTestId('add-question').click();
    // The open drawer (antd 6 has no .ant-drawer-content; closed drawers stay in the DOM).
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await drawer.getByLabel('Pregunta', { exact: true }).fill('¿Usa guantes el personal?');
    await expect(drawer.getByRole('switch', { name: 'Puntuable' })).toBeChecked();
    await drawer.getByTestId('add-option').click();
    await drawer.getByLabel('Etiqueta de la opción 1').fill('Sí');
    await drawer.getByLabel('Puntos de la opción 1').fill('10');
    await drawer.getByTestId('add-option').click();
    await drawer.getByLabel('Etiqueta de la opción 2').fill('No');
    await drawer.getByLabel('Opción 2 no conforme').click();
    await expect(drawer.getByLabel('Opción 2 no conforme')).toBeChecked();
    await expect(drawer.getByText('Puntuación máxima: 10')).toBeVisible();
    await drawer.getByTestId('question-save').click();
    await expect(drawer.getByText('Sin plantillas de incidencia')).toBeVisible();
    await drawer.getByTestId('add-incident').click();
    const incident = page.getByRole('dialog', { name: 'Añadir incidencia' });
    await incident.getByLabel('Nombre').fill('Manipulación sin guantes');
    await pick(page, 'Nivel de riesgo', 'Alto');
    await incident.getByLabel('Deducción (%)').fill('15');
    await incident.getByRole('button', { name: 'Añadir tarea' }).click();
    await incident.getByLabel('Tarea 1', { exact: true }).fill('Formar al personal');
    await incident.getByTestId('incident-save').click();
    const row = drawer.getByTestId('incident-row');
    await expect(row).toContainText('Manipulación sin guantes');
    await expect(row).toContainText('Alto');
    await expect(row).toContainText('−15 %');
    await expect(row).toContainText('Formar al personal');
    await drawer.getByRole('button', { name: 'Close' }).or(drawer.locator('.ant-drawer-close')).first().click();

    // A reading registry: celsius, between 0 and 5, one place.
    await panel.getByTestId('add-question').click();
    await drawer.getByLabel('Pregunta', { exact: true }).fill('Temperatura de las cámaras');
    // Typed, as a person would: the list is virtual and renders only the options in view.
    await drawer.getByLabel('Tipo', { exact: true }).click();
    await drawer.getByLabel('Tipo', { exact: true }).fill('Registro');
    await page.locator('.ant-select-dropdown:visible').getByTitle('Registro de lecturas').click();
    await drawer.getByTestId('add-reading').click();
    await drawer.getByLabel('Etiqueta de la lectura 1').fill('Cámara frigorífica');
    await expect(drawer.getByLabel('Unidad de la lectura 1').locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText('Celsius');
    await drawer.getByLabel('Mínimo de la lectura 1').fill('6');
    await drawer.getByLabel('Máximo de la lectura 1').fill('5');
    await drawer.getByTestId('question-save').click();
    await expect(drawer.getByText('El mínimo no puede superar el máximo')).toBeVisible();
    await drawer.getByLabel('Mínimo de la lectura 1').fill('0');
    await drawer.getByTestId('add-place').click();
    await drawer.getByLabel('Lugar 1', { exact: true }).fill('Cocina');
    await drawer.getByTestId('question-save').click();
    await expect(drawer.getByText('Sin plantillas de incidencia')).toBeVisible();
    await drawer.locator('.ant-drawer-close').click();

    // A third question, then move it above the second with the keyboard-accessible button.
    await panel.getByTestId('add-question').click();
    await drawer.getByLabel('Pregunta', { exact: true }).fill('Observaciones generales');
    // Typed, as a person would: the list is virtual and renders only the options in view.
    await drawer.getByLabel('Tipo', { exact: true }).click();
    await drawer.getByLabel('Tipo', { exact: true }).fill('Texto');
    await page.locator('.ant-select-dropdown:visible').getByTitle('Texto', { exact: true }).click();
    await drawer.getByTestId('question-save').click();
    await expect(drawer.getByText('Sin plantillas de incidencia')).toBeVisible();
    await drawer.locator('.ant-drawer-close').click();
    await expect.poll(() => questionNames(page)).toEqual(['¿Usa guantes el personal?', 'Temperatura de las cámaras', 'Observaciones generales']);

    await panel.getByRole('button', { name: 'Subir «Observaciones generales»' }).click();
    await expect.poll(() => questionNames(page)).toEqual(['¿Usa guantes el personal?', 'Observaciones generales', 'Temperatura de las cámaras']);
    await settled(page);

    await page.reload();
    const reloaded = page.getByTestId('section-panel').filter({ hasText: 'Manipulación' });
    await reloaded.locator('.ant-collapse-header').click();
    await expect.poll(() => questionNames(page)).toEqual(['¿Usa guantes el personal?', 'Observaciones generales', 'Temperatura de las cámaras']);

    // Now runnable: the switch enables it.
    await page.getByTestId('template-enabled').click();
    await expect(page.getByTestId('template-enabled')).toBeChecked();
  });

  test('enabling an empty template shows the catalogue message and stays disabled', async ({ page }) => {
    await openTemplates(page);
    await createTemplate(page, `Vacía ${Date.now()}`, true);
    await page.getByTestId('template-enabled').click();
    await expect(page.getByText('La plantilla no puede estar vacía.')).toBeVisible();
    await expect(page.getByTestId('template-enabled')).not.toBeChecked();
  });

  test('an auditor reads templates without the controls to change them', async ({ page }) => {
    await signInToShell(page, 'auditor@demo.test');
    await sidebar(page).getByRole('link', { name: 'Plantillas', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Plantillas' })).toBeVisible();
    await expect(page.getByRole('link', { name: HYGIENE })).toBeVisible();
    await expect(page.getByTestId('list-add')).toHaveCount(0);
    await page.getByRole('button', { name: `Acciones de ${HYGIENE}` }).click();
    await expect(page.locator('.ant-dropdown:visible').getByRole('menuitem')).toHaveText(['Ver']);
    await page.keyboard.press('Escape');

    await page.getByRole('link', { name: HYGIENE }).click();
    await expect(page.getByRole('heading', { name: HYGIENE })).toBeVisible();
    await expect(page.getByTestId('template-enabled')).toBeDisabled();
    for (const action of ['Editar', 'Duplicar', 'Eliminar']) await expect(page.locator('.detail-header').getByRole('button', { name: action })).toHaveCount(0);
    await expect(page.getByTestId('add-section')).toHaveCount(0);
    const panel = page
      .getByTestId('section-panel')
      .filter({ has: page.getByText('Preguntas', { exact: true }) })
      .first();
    await panel.getByTestId('section-title').click();
    await expect(panel.getByTestId('question-row').first()).toBeVisible();
    await expect(panel.getByTestId('add-question')).toHaveCount(0);
    await expect(panel.getByTestId('drag-handle')).toHaveCount(0);
    await panel.getByTestId('question-row').first().getByRole('button', { name: 'Ver' }).click();
    const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
    await expect(drawer.getByText('Pregunta', { exact: true }).first()).toBeVisible();
    await expect(drawer.getByTestId('question-save')).toHaveCount(0);
    await expect(drawer.getByLabel('Etiqueta de la opción 1')).toBeDisabled();
  });

  test('the incident templates of every template, from the templates page to the template that holds one', async ({ page }) => {
    await signInToShell(page, 'auditor@demo.test');
    await sidebar(page).getByRole('link', { name: 'Plantillas', exact: true }).click();
    await page.getByTestId('incident-library-link').click();
    await expect(page).toHaveURL(/\/templates\/list\/incidents$/);
    await expect(page.getByRole('heading', { name: 'Plantillas de incidencia' })).toBeVisible();
    await expect(page.locator('.shell-breadcrumbs')).toHaveText(/^\s*Inicio\s*\/\s*Plantillas\s*\/\s*Plantillas de incidencia$/);
    const row = page.getByRole('row').filter({ hasText: 'Agua turbia' });
    await expect(row).toContainText('Auditoría de piscinas');
    await expect(row).toContainText('Alto');
    await page.getByRole('textbox', { name: /buscar/i }).fill('sin tapa');
    await expect(page.getByRole('row').filter({ hasText: 'Contenedores sin tapa' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Agua turbia' })).toHaveCount(0);
    await page.getByRole('row').filter({ hasText: 'Contenedores sin tapa' }).getByRole('cell').first().click();
    await expect(page.getByRole('heading', { name: HYGIENE })).toBeVisible();
  });

  test('screenshots', async ({ page }) => {
    await openTemplates(page);
    await settled(page);
    await page.screenshot({ path: screenshotPath('templates-list-1366') });
    await page.getByRole('link', { name: HYGIENE }).click();
    await expect(page.getByRole('heading', { name: HYGIENE })).toBeVisible();
    const first = page
      .getByTestId('section-panel')
      .filter({ has: page.getByText('Preguntas', { exact: true }) })
      .first();
    // The title opens the panel like the rest of the header (renaming is the pencil's job).
    await first.getByTestId('section-title').click();
    await expect(first.getByTestId('question-row').first()).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('template-editor-1366'), fullPage: true });
    await page.setViewportSize({ width: 1920, height: 1080 });
    await settled(page);
    await page.screenshot({ path: screenshotPath('template-editor-1920'), fullPage: true });
    // Below 992 px the sidebar collapses: the header's buttons wrap under the title instead of cutting it.
    await page.setViewportSize({ width: 800, height: 900 });
    await settled(page);
    expect(await page.getByRole('heading', { name: HYGIENE }).evaluate((el) => el.scrollWidth <= el.clientWidth), 'title not cut').toBe(true);
    await page.screenshot({ path: screenshotPath('template-editor-800'), fullPage: true });
    await page.setViewportSize({ width: 1366, height: 768 });
    const select = first
      .getByTestId('question-row')
      .filter({ has: page.getByText('Selección', { exact: true }) })
      .first();
    await select.getByRole('button', { name: /^Editar/ }).click();
    await settled(page);
    await page.screenshot({ path: screenshotPath('question-drawer-select') });
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    const temperatures = page.getByTestId('section-panel').filter({ hasText: 'Control de temperaturas' });
    await temperatures.getByTestId('section-title').click();
    const reading = temperatures
      .getByTestId('question-row')
      .filter({ has: page.getByText('Registro de lecturas', { exact: true }) })
      .first();
    await reading.getByRole('button', { name: /^Editar/ }).click();
    await settled(page);
    await page.screenshot({ path: screenshotPath('question-drawer-reading') });
    await page.locator('.ant-drawer-open .ant-drawer-close').click();
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto('/templates');
    await expect(page.getByRole('link', { name: HYGIENE })).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('templates-list-800'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/templates');
    // A phone lists the templates as cards (decision 0067).
    await expect(page.getByTestId('template-card').filter({ hasText: HYGIENE }).first()).toBeVisible();
    await settled(page);
    await page.screenshot({ path: screenshotPath('templates-list-390'), fullPage: true });
  });
});
