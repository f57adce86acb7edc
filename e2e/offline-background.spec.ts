import { expect, test, type Page } from '@playwright/test';
import type { TAudit } from '@audit/domain/audits';
import { screenshotPath, settled } from './helpers';
import { openIncidences, overlayTexts, PESTS, PESTS_INCIDENCE, readStore, recordWrites, server, watchOverlay } from './offline-support';
import { addPicture, card, DESKTOP, option, signInAsAuditor, startHygieneAudit } from './run-helpers';

/** The auditor on the run page of a new hygiene audit, started; its id. */
async function openNewRunningAudit(page: Page): Promise<string> {
  await page.setViewportSize(DESKTOP);
  const auditId = await startHygieneAudit(page, await signInAsAuditor(page));
  await page.goto(`/auditor/audits/run/${auditId}`);
  await expect(page.locator('.run-header')).toContainText('En curso');
  return auditId;
}

/**
 * The offline queue away from the run page (src/offline/BackgroundSync): changes
 * made offline on an audit wait while the auditor is elsewhere in the app, the header says how many,
 * and they are sent when the network returns, without opening the audit again; a refused one is
 * announced with a link to its audit, whose run page says what was lost and why.
 */
test('changes queued offline are sent from any page when the network returns; a refused one leads to its audit', async ({ page, context }) => {
  test.setTimeout(120_000);
  const auditId = await openNewRunningAudit(page);
  const audit = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const selects = audit.sections.filter((s) => s.type === 'QUESTION').flatMap((s) => s.questions.filter((q) => q.type === 'select'));
  const [first, second, noted] = [selects[0]!, selects[1]!, selects[2]!];

  // Offline on the run page: two answers and a note wait on the device.
  await context.setOffline(true);
  await option(card(page, first.name), 'Conforme').click();
  await option(card(page, second.name), 'No conforme').click();
  const noteCard = card(page, noted.name);
  await noteCard.getByRole('button', { name: 'Añadir nota' }).click();
  await noteCard.getByRole('textbox', { name: `Nota de «${noted.name}»` }).fill('Nota que el servidor rechazará');
  await noteCard.getByRole('button', { name: 'Crear' }).click();
  await expect(page.getByTestId('run-pending')).toHaveText('3 cambios pendientes');

  // Still offline, the auditor goes back to the audits list: the header keeps the count.
  await page.getByRole('button', { name: 'Volver a auditorías' }).click();
  await expect(page).toHaveURL(/\/auditor\/audits$/);
  await expect(page.getByTestId('shell-offline')).toBeVisible();
  await expect(page.getByTestId('shell-pending')).toHaveText('3 cambios pendientes');
  // The list was never loaded on this device: it says it waits for the network, not that there are no audits.
  await expect(page.getByTestId('list-offline')).toContainText('Sin conexión: la lista se cargará cuando vuelva la conexión.');
  await settled(page);
  await page.screenshot({ path: screenshotPath('offline-background-pending-desktop') });

  // The server will refuse the note when it comes (as if the audit had been finished meanwhile).
  await page.route(`**/questions/${noted._id}/note`, (route) =>
    route.fulfill({ status: 409, json: { name: 'BADREQUESTERROR', reference: 'AUD0002', message: 'not running' } }),
  );
  await watchOverlay(page);
  await context.setOffline(false);
  await expect(page.getByTestId('shell-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('sync-overlay')).toHaveCount(0);
  expect((await overlayTexts(page)).some((text) => /^Sincronizando cambios… \(\d+ de 3\)$/.test(text))).toBe(true);
  expect(await readStore(page, 'queries')).toEqual([]);
  await expect(page).toHaveURL(/\/auditor\/audits$/);

  // The answers reached the server without the audit being opened again.
  const saved = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const answers = new Map(saved.sections.flatMap((s) => s.questions).map((q) => [q._id, q.answer?.templateAnswer]));
  const optionId = (question: typeof first, label: string) => question.select!.options.find((o) => o.label === label)!._id;
  expect(answers.get(first._id)).toEqual({ type: 'select', select: [optionId(first, 'Conforme')] });
  expect(answers.get(second._id)).toEqual({ type: 'select', select: [optionId(second, 'No conforme')] });

  // The refusal is announced, and leads to the audit that lists it.
  const notice = page.locator('.ant-notification-notice').filter({ hasText: 'Algunos cambios no se pudieron guardar' });
  // It names the question and its section (a refused change says which question it was for).
  const section = audit.sections.find((x) => x._id === noted.section)!;
  await expect(notice).toContainText(`El servidor rechazó 1 cambio guardado sin conexión: Nota de «${noted.name}», en «${section.title}».`);
  // And the list, loaded now, shows the audit as running.
  await expect(page.locator('.ant-table-row').first()).toBeVisible();
  await settled(page);
  await page.screenshot({ path: screenshotPath('offline-background-refused-desktop') });
  await notice.getByRole('button', { name: 'Ver el cambio' }).click();
  // The audit opens at the question.
  await expect(page).toHaveURL(new RegExp(`/auditor/audits/run/${auditId}#question-${noted._id}$`));
  await expect(page.locator('.run-sync-failures')).toContainText(
    `Nota de «${noted.name}», en «${section.title}»: El estado de la auditoría no permite esta acción.`,
  );
  await expect(card(page, noted.name)).toBeFocused();
  await expect(card(page, noted.name)).toBeInViewport();
  await expect(notice).toHaveCount(0);
});

test('a photo taken offline can be removed before it is sent: it is uploaded, then removed by its new id, and the server keeps only the other', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const auditId = await openNewRunningAudit(page);
  const { writes } = recordWrites(page);

  await context.setOffline(true);
  const pests = card(page, PESTS);
  await option(pests, 'No conforme').click();
  await openIncidences(pests);
  const incidence = pests.locator('.run-incidence').filter({ hasText: PESTS_INCIDENCE });
  await incidence.getByRole('checkbox').first().click();
  await addPicture(page, incidence.getByRole('button', { name: 'Añadir foto' }));
  await addPicture(page, incidence.getByRole('button', { name: 'Añadir foto' }));
  await expect(incidence.locator('.run-image img')).toHaveCount(2);
  // Both wait to be sent; either can be removed all the same.
  await incidence.getByRole('button', { name: 'Eliminar imagen' }).first().click();
  await expect(incidence.locator('.run-image img')).toHaveCount(1);
  await expect(page.getByTestId('run-pending')).toHaveText('5 cambios pendientes');

  await context.setOffline(false);
  await expect(page.getByTestId('run-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('.run-sync-failures')).toHaveCount(0);
  const saved = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const evidences = saved.sections.flatMap((s) => s.questions).find((q) => q.name === PESTS)!.issues[0]!.evidences;
  expect(evidences).toHaveLength(1);
  const uploads = writes.filter((w) => w.method === 'POST' && w.url.endsWith('/evidences'));
  const removals = writes.filter((w) => w.method === 'DELETE' && w.url.includes('/evidences/'));
  expect(uploads).toHaveLength(2);
  expect(removals).toHaveLength(1);
  expect(removals[0]!.url).toMatch(/\/evidences\/[0-9a-f-]{36}$/);
  expect(removals[0]!.url).not.toContain(evidences[0]!._id);
  // After the reload the kept photo shows from the server, with its own delete button.
  await openIncidences(card(page, PESTS));
  await expect(card(page, PESTS).locator('.run-incidence').filter({ hasText: PESTS_INCIDENCE }).locator('.run-image img')).toHaveCount(1);
});

test('signing out with changes waiting asks first; the same auditor signing in again sends them', async ({ page, context }) => {
  test.setTimeout(90_000);
  const auditId = await openNewRunningAudit(page);
  const audit = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const question = audit.sections
    .filter((s) => s.type === 'QUESTION')
    .flatMap((s) => s.questions)
    .find((q) => q.type === 'select')!;

  await context.setOffline(true);
  await option(card(page, question.name), 'Mejorable').click();
  await expect(page.getByTestId('run-pending')).toHaveText('1 cambio pendiente');
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Hay 1 cambio sin enviar en este dispositivo');
  // True to what happens: they stay on the device until another user's sync discards them.
  await expect(dialog).toContainText('Se quedan en este dispositivo y se enviarán cuando vuelva a entrar con su usuario y haya conexión.');
  await expect(dialog).toContainText('Si entra otro usuario, seguirán aquí hasta que ese usuario sincronice: entonces se descartarán sin enviarse.');
  await settled(page);
  await page.screenshot({ path: screenshotPath('offline-logout-pending-desktop') });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  // Closed (its leaving animation done) before the menu is opened again: under a loaded CI a click on
  // the menu during the dialog's exit could land before the menu listened.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/auditor/audits/run/${auditId}$`));

  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect(page.getByRole('dialog')).toContainText('Hay 1 cambio sin enviar en este dispositivo');
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar sesión' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await readStore(page, 'queries')).toHaveLength(1);

  await context.setOffline(false);
  await signInAsAuditor(page);
  await expect.poll(async () => (await readStore(page, 'queries')).length, { timeout: 30_000 }).toBe(0);
  await expect(page.getByTestId('shell-pending')).toHaveCount(0);
  const saved = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const answer = saved.sections.flatMap((s) => s.questions).find((q) => q._id === question._id)!.answer;
  expect(answer?.templateAnswer).toEqual({ type: 'select', select: [question.select!.options.find((o) => o.label === 'Mejorable')!._id] });
});
