import { expect, test, type Page } from '@playwright/test';
import { pageApi as api, screenshotPath, settled } from './helpers';
import { addPicture, auditsOf, DESKTOP, HYGIENE, pngPicture, signInAsAuditor, startHygieneAudit } from './run-helpers';

/**
 * The incident-and-emergency questionnaire in the run view, against the server: a running audit of
 * the demo hygiene template (two IE questions: a SIMPLE and a PARAGRAPH one), made as
 * audit-run.spec.ts makes its own.
 */
const SIMPLE = /¿Se ha producido alguna incidencia alimentaria/;
const PARAGRAPH = /Describa las medidas adoptadas ante la última emergencia/;

/** Opens the run view and its contents drawer, where the questionnaire's entry is. */
async function openContents(page: Page, auditId: string) {
  await page.goto(`/auditor/audits/run/${auditId}`);
  await expect(page.locator('.run-header-title')).toHaveText('Auditoría de higiene alimentaria');
  await page.getByRole('button', { name: 'Abrir el índice' }).click();
  return page.locator('.ant-drawer').filter({ hasText: 'Secciones' });
}

test.describe.serial('incident and emergency questionnaire', () => {
  let auditId = '';
  let finishedId = '';

  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    const me = await signInAsAuditor(page);
    // The demo's finished audit has its questionnaire sent; other specs finish audits of their own
    // without sending it, so pick by the questionnaire, not by the list order.
    for (const finished of (await auditsOf(page, me)).filter((a) => a.template.name === HYGIENE && a.status === 'finished')) {
      const questionnaire = await api<{ sent: boolean }>(page, 'GET', `/ms-core/api/questionnaire-ies/${finished._id}`).catch(() => null);
      if (questionnaire?.sent) finishedId = finished._id;
    }
    auditId = await startHygieneAudit(page, me);
    await page.close();
  });

  test('refuses to send with an answer missing, sends when all are answered, and keeps it after a reload', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsAuditor(page);
    const drawer = await openContents(page, auditId);
    await expect(drawer.getByTestId('questionnaire-sent')).toHaveText('No enviado');
    await drawer.getByRole('button', { name: 'Incidencias y emergencias' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cuestionario de incidencias y emergencias' });
    await expect(dialog).toBeVisible();
    const items = dialog.getByTestId('questionnaire-question');
    await expect(items).toHaveCount(2);
    const simple = items.filter({ hasText: SIMPLE });
    const paragraph = items.filter({ hasText: PARAGRAPH });
    await expect(paragraph.locator('textarea')).toBeVisible();

    // The short answer saves on Enter; Send is refused while the paragraph is empty.
    const saved = page.waitForResponse((r) => r.url().endsWith(`/questionnaire-ies/${auditId}/answers`) && r.ok());
    await dialog.getByRole('textbox', { name: SIMPLE }).fill('No');
    await dialog.getByRole('textbox', { name: SIMPLE }).press('Enter');
    await saved;
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(page.getByText('Los datos enviados no son válidos.')).toBeVisible();
    await expect(paragraph).toHaveClass(/is-missing/);
    await expect(paragraph).toContainText('Respuesta obligatoria');
    await expect(simple).not.toHaveClass(/is-missing/);
    await expect(dialog.getByRole('alert')).toContainText('Falta 1 respuesta');
    await expect(dialog.getByTestId('questionnaire-sent')).toHaveText('No enviado');
    await expect(dialog.getByRole('textbox', { name: PARAGRAPH })).toBeFocused();

    // A photo for the paragraph question (resized in the browser, stored by the server).
    await addPicture(page, paragraph.getByRole('button', { name: 'Añadir foto' }), await pngPicture(page, 1200, 900, '#d4380d'), 'salida.png');
    await expect(paragraph.locator('img')).toHaveCount(1);

    await page.mouse.move(0, 0); // the new thumbnail sits where the pointer clicked: no hover mask in the picture
    await settled(page);
    await dialog.screenshot({ path: screenshotPath('questionnaire-dialog') });

    // Typed and sent at once, with a human's press of Send (250 ms between press and release: a
    // property of the click, not a wait for something; the marks going must not move Send from
    // under the pointer): the answer reaches the server before Send.
    await dialog.getByRole('textbox', { name: PARAGRAPH }).fill('Se avisó al servicio técnico y se revisó la cámara.');
    await dialog.getByRole('button', { name: 'Enviar' }).click({ delay: 250 });
    await expect(dialog.getByTestId('questionnaire-sent')).toHaveText('Enviado');
    await expect(paragraph).not.toHaveClass(/is-missing/);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await expect(dialog.getByRole('textbox', { name: PARAGRAPH })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Enviar' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Marcar como no enviado' })).toBeVisible();
    await settled(page);
    await dialog.screenshot({ path: screenshotPath('questionnaire-dialog-sent') });

    await page.reload();
    const again = await openContents(page, auditId);
    await expect(again.getByTestId('questionnaire-sent')).toHaveText('Enviado');
    await settled(page);
    await again.screenshot({ path: screenshotPath('questionnaire-entry') });
    await again.getByRole('button', { name: 'Incidencias y emergencias' }).click();
    await expect(dialog.getByRole('textbox', { name: SIMPLE })).toHaveValue('No');
    await expect(dialog.getByRole('textbox', { name: PARAGRAPH })).toHaveValue('Se avisó al servicio técnico y se revisó la cámara.');
    await expect(dialog.getByTestId('questionnaire-sent')).toHaveText('Enviado');
    await expect(paragraph.locator('img')).toHaveCount(1);
  });

  test('a finished audit shows its sent questionnaire read only', async ({ page }) => {
    expect(finishedId, 'the demo data holds a finished hygiene audit (questionnaire answered and sent)').toBeTruthy();
    await page.setViewportSize(DESKTOP);
    await signInAsAuditor(page);
    const drawer = await openContents(page, finishedId);
    await expect(drawer.getByTestId('questionnaire-sent')).toHaveText('Enviado');
    await drawer.getByRole('button', { name: 'Incidencias y emergencias' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cuestionario de incidencias y emergencias' });
    await expect(dialog).toContainText('Solo lectura');
    await expect(dialog.getByRole('textbox', { name: SIMPLE })).toHaveValue('No');
    await expect(dialog.getByRole('textbox', { name: SIMPLE })).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: PARAGRAPH })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: /Enviar|Marcar como no enviado|Añadir foto/ })).toHaveCount(0);
  });

  test('an audit without a questionnaire (404) shows no entry', async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await signInAsAuditor(page);
    await page.route('**/ms-core/api/questionnaire-ies/**', (route) =>
      route.fulfill({ status: 404, json: { name: 'NOTFOUND', reference: '415', message: 'not found' } }),
    );
    const checked = page.waitForResponse((r) => r.url().includes('/questionnaire-ies/'));
    const drawer = await openContents(page, auditId);
    await checked;
    await expect(drawer.getByText('Mostrar todas las incidencias')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Incidencias y emergencias' })).toHaveCount(0);
    await expect(drawer.getByTestId('questionnaire-sent')).toHaveCount(0);
  });
});
