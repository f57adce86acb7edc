import { expect, test, type Page } from '@playwright/test';
import { pageApi, pickInDialog, shoot, sidebar, signInToShell } from './helpers';

/**
 * A new customer's first day (issue 13, decision 0023): a client and establishment created today
 * take the company's goals, so the audit wizard offers their services at once; the client page's
 * Services tab shows where the goals come from and lets a client have its own.
 */
const CORE = '/ms-core/api';

/** A client and its establishment, made with the calls the client screens make. */
async function newClient(page: Page, name: string) {
  const [reason] = await pageApi<{ _id: string }[]>(page, 'POST', `${CORE}/socialreasons/search`, { size: 1 });
  const place = { address: 'Calle Mayor 1', zipCode: 46001, socialReason: reason!._id };
  const client = await pageApi<{ _id: string }>(page, 'POST', `${CORE}/structures`, { name, ...place });
  const establishment = await pageApi<{ _id: string }>(page, 'POST', `${CORE}/establishments`, { name: `${name} Centro`, parent: client._id, ...place });
  return { client: client._id, establishment: establishment._id };
}

test('a new establishment takes the company goals, is offered in the wizard, and a client may have its own', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToShell(page, 'admin@demo.test');
  const name = `Hotel Primer Día ${Date.now()}`;
  const place = await newClient(page, name);

  // The establishment's Services tab: no goals of its own, the company's apply.
  await page.goto(`/clients/${place.establishment}/services`);
  const editor = page.getByTestId('goals-editor');
  await expect(editor.getByTestId('goals-origin')).toHaveText('Sin objetivos propios: usa los de Higiene Demo S.L.');
  await expect(editor.getByTestId('goal-row').filter({ hasText: 'Auditoría de higiene' })).toContainText('Objetivo 80 %');
  await shoot(page, 'goals-establishment-inherited', { fullPage: true });

  // The wizard offers the service at once: no "no services with a goal" stop.
  await sidebar(page).getByRole('link', { name: 'Planificación', exact: true }).click();
  await page.getByTestId('list-add').click();
  const dialog = page.getByRole('dialog');
  await pickInDialog(page, 'Cliente', name);
  await pickInDialog(page, 'Establecimiento', `${name} Centro`);
  await expect(dialog.getByText('Este establecimiento no tiene servicios con objetivo.')).toHaveCount(0);
  await pickInDialog(page, 'Servicio', 'Auditoría de higiene');
  await expect(dialog.getByLabel('Servicio', { exact: true }).locator('xpath=ancestor::div[contains(@class,"ant-select")][1]')).toContainText(
    'Auditoría de higiene',
  );
  await page.keyboard.press('Escape');

  // The client gets goals of its own: one service at 70 %, which its establishment then inherits.
  await page.goto(`/clients/${place.client}/services`);
  await expect(editor.getByTestId('goals-origin')).toContainText('usa los de Higiene Demo S.L.');
  await editor.getByTestId('goals-edit').click();
  const rows = editor.getByTestId('goal-row');
  await expect(rows).toHaveCount(3);
  while ((await rows.count()) > 1) await rows.last().getByTestId('goal-remove').click();
  await rows.first().getByRole('spinbutton').fill('70');
  await shoot(page, 'goals-client-editing', { fullPage: true });
  await editor.getByTestId('goals-save').click();
  await expect(page.getByText('Actualizado correctamente.')).toBeVisible();
  await expect(editor.getByTestId('goals-origin')).toHaveText('Objetivos propios: se auditan estos servicios.');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Objetivo 70 %');

  await page.goto(`/clients/${place.establishment}/services`);
  await expect(editor.getByTestId('goals-origin')).toHaveText(`Sin objetivos propios: usa los de ${name}`);
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Objetivo 70 %');

  // Back to the company's: the client drops its own after a confirmation.
  await page.goto(`/clients/${place.client}/services`);
  await editor.getByTestId('goals-restore').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Usar los heredados' }).click();
  await expect(editor.getByTestId('goals-origin')).toContainText('usa los de Higiene Demo S.L.');
  await expect(rows).toHaveCount(3);

  // The company's default goals, under Settings > Services.
  await page.goto('/settings/services');
  const company = page.getByTestId('company-goals');
  await expect(company.getByTestId('goals-origin')).toContainText('Objetivos por defecto de la empresa');
  await expect(company.getByTestId('goal-row')).toHaveCount(3);
  await shoot(page, 'goals-company', { fullPage: true });
});

// The header's language switch is saved on the user (issue 13): the admin gets Spanish back after
// each test, so the next test's sign-in opens in Spanish whatever this one did.
test.afterEach(async ({ page }) => {
  await pageApi(page, 'PATCH', '/ms-core/api/users/me/language', { language: 'es' }).catch(() => undefined);
});

test('the Services tab in English', async ({ page }) => {
  await signInToShell(page, 'admin@demo.test');
  const place = await newClient(page, `Hotel First Day ${Date.now()}`);
  await page.goto(`/clients/${place.establishment}/services`);
  await expect(page.getByTestId('goals-origin')).toBeVisible();
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('tab', { name: 'Services' })).toBeVisible();
  await expect(page.getByTestId('goals-origin')).toHaveText('No goals of its own: uses those of Higiene Demo S.L.');
  await expect(page.getByTestId('goals-edit')).toHaveText(/Customize/);
});

test('a goal whose service was deleted says "Servicio eliminado", never the id', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToShell(page, 'admin@demo.test');
  // A new service joins the company's goals (decision 0023); deleting the service leaves its goal.
  const service = await pageApi<{ _id: string }>(page, 'POST', `${CORE}/services`, {
    name: `Servicio efímero ${Date.now()}`,
    executionTime: 60,
    price: 120,
    salesAccount: 7000,
  });
  await pageApi(page, 'DELETE', `${CORE}/services/${service._id}`);

  await page.goto('/settings/services');
  const company = page.getByTestId('company-goals');
  await expect(company.getByTestId('goal-row')).toHaveCount(4);
  const orphan = company.getByTestId('goal-row').filter({ has: page.getByTestId('goal-service-deleted') });
  await expect(orphan).toHaveCount(1);
  await expect(orphan).toContainText('Servicio eliminado');
  await expect(company).not.toContainText(service._id);
  await shoot(page, 'goals-deleted-service', { fullPage: true });

  // Editing: the row says the same and can be removed; saving keeps the three live services.
  await company.getByTestId('goals-edit').click();
  const editingRow = company.getByTestId('goal-row').filter({ hasText: 'Servicio eliminado' });
  await expect(editingRow).toHaveCount(1);
  await expect(company).not.toContainText(service._id);
  await editingRow.getByTestId('goal-remove').click();
  await company.getByTestId('goals-save').click();
  await expect(company.getByTestId('goal-row')).toHaveCount(3);
  await expect(company.getByTestId('goal-service-deleted')).toHaveCount(0);
});
