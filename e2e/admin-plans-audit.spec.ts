import { expect, test, type Page } from '@playwright/test';
import { pageApi, pick, pickInDialog, shoot, sidebar, signIn, signInToShell } from './helpers';

/**
 * Administrators plan audits (issue 13): the space administrator, who is not an auditor, finds
 * "Planificación" in the menu, creates an audit with the wizard for an auditor and gives it to another
 * one from the audit's preview; the run stays the assigned auditor's.
 */
const CORE = '/ms-core/api';

/** DD-MM-YYYY of today plus `days` (local). */
const day = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
};

/** A second auditor of the company, active, made with the users screen's calls. */
async function secondAuditor(page: Page) {
  const roles = await pageApi<{ _id: string; name: string }[]>(page, 'POST', `${CORE}/roles/search`, { size: 50 });
  const tag = Date.now();
  const user = await pageApi<{ _id: string }>(page, 'POST', `${CORE}/users`, {
    firstName: 'Beatriz',
    lastName: `Planificada ${tag}`,
    username: `beatriz${tag}`,
    email: `beatriz.${tag}@demo.test`,
    roles: [roles.find((r) => r.name === 'auditor')!._id],
    isAuditor: true,
    password: 'Demo1234!x',
  });
  await pageApi(page, 'POST', `${CORE}/users/status`, { users: [user._id], status: 'ACTIVE' });
  return { name: `Beatriz Planificada ${tag}`, username: `beatriz${tag}`, password: 'Demo1234!x' };
}

test('the administrator lists audits, creates one with the wizard and assigns it to another auditor, who is told in the bell', async ({ page, browser }) => {
  // A long walk (list, wizard, preview, two screen sizes): more than the default minute on a busy machine.
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await signInToShell(page, 'admin@demo.test');
  const second = await secondAuditor(page);
  const beatriz = second.name;

  await sidebar(page).getByRole('link', { name: 'Planificación', exact: true }).click();
  await expect(page).toHaveURL(/\/auditor\/audits$/);
  await expect(page.getByRole('heading', { name: 'Planificación de auditorías' })).toBeVisible();
  await expect(page.getByText('No tiene permiso para ver esta sección.')).toHaveCount(0);
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await shoot(page, 'admin-audits-list');

  await page.getByTestId('list-add').click();
  const dialog = page.getByRole('dialog');
  await pickInDialog(page, 'Cliente', 'Hotel Mar Azul');
  await pickInDialog(page, 'Establecimiento', 'Hotel Mar Azul Valencia');
  await pickInDialog(page, 'Servicio', 'Auditoría de higiene');
  await pickInDialog(page, 'Auditor', 'Álvaro Auditor');
  const range = dialog.locator('.ant-picker-range');
  await range.locator('input').first().click();
  await range.locator('input').first().fill(day(2));
  await range.locator('input').first().press('Enter');
  await range.locator('input').nth(1).fill(day(3));
  await range.locator('input').nth(1).press('Enter');
  await expect(dialog.getByTestId('wizard-next')).toBeEnabled();
  await dialog.getByTestId('wizard-next').click();
  await dialog
    .getByTestId('wizard-template')
    .first()
    .getByRole('button', { name: /Seleccionar esta plantilla/ })
    .click();
  await expect(dialog.getByTestId('wizard-confirmation')).toContainText('Álvaro Auditor');
  await dialog.getByTestId('wizard-create').click();
  await expect(page.getByText('Creado correctamente.')).toBeVisible();

  // The preview of the new draft: the auditor can be changed until it starts.
  const preview = page.getByTestId('audit-preview');
  await expect(preview).toContainText('Borrador');
  const assign = preview.getByTestId('audit-assign');
  await expect(assign).toContainText('Álvaro Auditor');
  await pick(page, assign.locator('input'), beatriz);
  await expect(page.getByText('Actualizado correctamente.')).toBeVisible();
  await expect(assign).toContainText(beatriz);
  await shoot(page, 'admin-audit-assigned');
  // On a phone the preview fits its width: labels above values, the selector inside.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => preview.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await page.setViewportSize({ width: 1366, height: 900 });

  // The list shows the audit under its new auditor.
  // The calendar's and the plan's demo drafts (decisions 0087, 0089) start later, so the list (latest
  // start first) may show it on a later page: turn pages until it is there.
  await page.keyboard.press('Escape');
  const assigned = page.locator('.ant-table-row').filter({ hasText: beatriz }).first();
  await expect(async () => {
    if (await assigned.isVisible()) return;
    await page.locator('.ant-pagination-next:not(.ant-pagination-disabled)').click({ timeout: 2_000 });
    await expect(assigned).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // The new auditor is told (issue 13): an unread notification in the bell opens the audit's preview.
  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1366, height: 900 } });
  const auditor = await context.newPage();
  await signIn(auditor, second.username, second.password);
  await expect(auditor.getByTestId('notifications-unread')).toContainText('1');
  await auditor.getByTestId('notifications-button').click();
  const notice = auditor.locator('.notification-item').filter({ hasText: 'Auditoría asignada' });
  await expect(notice).toContainText('Auditoría de higiene');
  await shoot(auditor, 'admin-audit-assigned-notice');
  await notice.getByTestId('notification-open-audit').click();
  await expect(auditor).toHaveURL(/\/auditor\/audits$/);
  const opened = auditor.getByTestId('audit-preview');
  await expect(opened).toContainText('Borrador');
  await expect(opened.getByTestId('audit-assign')).toContainText(beatriz);
  await context.close();
});

test('a client user still has no auditor audit list', async ({ page }) => {
  await signInToShell(page, 'client@demo.test');
  await expect(sidebar(page).getByRole('link', { name: 'Planificación', exact: true })).toHaveCount(0);
  await expect(sidebar(page).getByRole('link', { name: 'Auditorías', exact: true })).toHaveCount(0);
  await page.goto('/auditor/audits');
  await expect(page.getByText('No tiene permiso para ver esta sección.')).toBeVisible();
});
