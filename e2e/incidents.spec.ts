import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import type { TAudit } from '@audit/domain/audits';
import { pageApi, screenshotPath, settled, signInToShell } from './helpers';
import { startMailbox, type TMailbox } from './mailbox';
import { startOwnServer, type TOwnServer } from './own-server';
import { addPicture, auditsOf, DESKTOP, HYGIENE, signInAsAuditor } from './run-helpers';

/**
 * Issue 16 (decision 0038), the story end to end: an auditor finishes an audit with two incidents;
 * the client's manager finds them in the list on a phone, assigns a corrective action and completes
 * the actions with a photo; the auditor opens the notification, verifies them, and the incident
 * turns resolved. Both get notifications in the bell, and the e-mails (decision 0039, sent by the
 * job queue) reach a real SMTP server on loopback: the spec runs its own server with SMTP_URL.
 */
const PHONE = { width: 390, height: 844 };
test.setTimeout(240_000);

let server: TOwnServer;
let mail: TMailbox;
test.beforeAll(async () => {
  test.setTimeout(240_000);
  mkdirSync('.e2e-artifacts/screens', { recursive: true });
  mail = await startMailbox();
  server = await startOwnServer({ env: { SMTP_URL: mail.url, JOB_POLL_MS: '200' }, timeoutMs: 220_000 });
});
test.afterAll(async () => {
  await server?.stop();
  await mail?.close();
});

/** A new hygiene audit started from the demo's finished one (its answers and its issue), with a second failed answer and issue. */
async function auditWithTwoIssues(page: Page, auditor: string) {
  // The demo's latest finished audit at Valencia, which has a failed question (the calendar's finished
  // visits at El Olivo are clean, decision 0087).
  const demo = (await auditsOf(page, auditor)).find(
    (a) => a.template.name === HYGIENE && a.status === 'finished' && a.establishment.name === 'Hotel Mar Azul Valencia',
  )!;
  const created = await pageApi<TAudit>(page, 'POST', '/ms-core/api/audits', {
    client: demo.client._id,
    establishment: demo.establishment._id,
    service: demo.service._id,
    template: demo.template._id,
    auditor,
    startDate: demo.startDate,
    date: demo.date,
  });
  const base = `/ms-core/api/audits/${created._id}`;
  await pageApi(page, 'PATCH', `${base}/execute?use_previous=true`);
  const audit = await pageApi<TAudit>(page, 'GET', base);
  const questions = audit.sections.flatMap((s) => s.questions.map((q) => ({ ...q, section: s._id })));
  const second = questions.find((q) => q.type === 'select' && q.incidences.length > 0 && !q.issues.length)!;
  const failed = second.select!.options.find((o) => o.failed)!;
  await pageApi(page, 'POST', `${base}/answer/add`, {
    section: second.section,
    question: second._id,
    templateAnswer: { type: 'select', select: [failed._id] },
  });
  await pageApi(page, 'PATCH', `${base}/sections/${second.section}/questions/${second._id}/issues-tasks`, { issuesToAdd: [second.incidences[0]!._id] });
  // The demo template's contacts are one name-and-e-mail list (contact_information, a JSON list).
  const values: Record<string, string> = {
    contact_information: JSON.stringify([{ name: 'Marta Ruiz', email: 'calidad.valencia@marazul.test' }]),
    email: 'calidad.valencia@marazul.test',
  };
  const contacts = audit.contactFields.map((f) => ({ _id: f._id, value: values[f.type] ?? 'Marta Ruiz' }));
  await pageApi(page, 'POST', `${base}/contact-field/update`, { contactFields: contacts });
  return created._id;
}

test('from a finding to a verified fix: list, corrective action with a photo on a phone, verification, resolved, bells and e-mails', async ({ browser }) => {
  // ── 1. The auditor finishes an audit with two incidents (answers set up through the API, the finish on screen) ──
  const desk = await browser.newContext({ baseURL: server.baseUrl, viewport: DESKTOP, locale: 'es-ES' });
  const page = await desk.newPage();
  const auditor = await signInAsAuditor(page);
  const auditId = await auditWithTwoIssues(page, auditor);
  await page.goto(`/auditor/audits/run/${auditId}`);
  await page
    .locator('.run-header')
    .getByRole('button', { name: /Finalizar|Finish/ })
    .click();
  await page
    .getByRole('dialog', { name: /¿Finalizar la auditoría\?|Finish the audit\?/ })
    .getByRole('button', { name: /Finalizar|Finish/ })
    .click();
  await expect(page).toHaveURL(/\/auditor\/audits$/);
  const incidents = await pageApi<{ _id: string; name: string; status: string }[]>(page, 'POST', '/ms-core/api/issues/search-issues', {
    filters: [{ field: 'audit', operator: 'eq', value: auditId }],
  });
  expect(incidents).toHaveLength(2);
  expect(incidents.map((i) => i.status)).toEqual(['running', 'running']);
  const target = incidents[0]!;

  // ── 2. The client's manager, on a phone, finds them in the list ──
  const phone = await browser.newContext({ baseURL: server.baseUrl, viewport: PHONE, locale: 'es-ES', isMobile: true, hasTouch: true });
  const client = await phone.newPage();
  await signInToShell(client, 'client@demo.test');
  await client.goto('/incidents/list/audits');
  const cards = client.getByTestId('incident-card');
  for (const incident of incidents) await expect(cards.filter({ hasText: incident.name }).first()).toBeVisible();
  await settled(client);
  await client.screenshot({ path: screenshotPath('incidents-list-phone') });
  const width = await client.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  // A card's two tags keep a gap between them (antd 6 tags have no margin of their own), and the
  // export button, an icon alone on a phone, keeps its name.
  const tagged = cards.filter({ has: client.getByTestId('risk-tag') }).first();
  const risk = (await tagged.getByTestId('risk-tag').boundingBox())!;
  const status = (await tagged.getByTestId('status-tag').boundingBox())!;
  expect(status.x >= risk.x + risk.width + 2 || status.y >= risk.y + risk.height).toBe(true);
  await expect(client.getByRole('button', { name: 'Exportar a Excel' })).toBeVisible();

  // ── 3. It opens one, assigns a corrective action to itself, and completes every action with a photo ──
  await client.goto(`/incidents/${target._id}`);
  await expect(client.getByTestId('incident-name')).toHaveText(target.name);
  await client.getByTestId('task-add').click();
  await client.getByTestId('task-name').fill('Limpiar y desinfectar la zona');
  await client.getByTestId('owner-select').click();
  await client.locator('.ant-select-item-option').filter({ hasText: 'Carmen Cliente' }).click();
  await client.getByTestId('task-save').click();
  const taskCards = client.getByTestId('task-card');
  await expect(taskCards.filter({ hasText: 'Limpiar y desinfectar la zona' })).toBeVisible();
  const count = await taskCards.count();
  for (let i = 0; i < count; i++) {
    const taskCard = taskCards.nth(i);
    await taskCard.getByTestId('task-move-running').click();
    await expect(taskCard.getByTestId('task-status')).toHaveText('En curso');
    await addPicture(client, taskCard.getByTestId('task-photo'));
    // The marking dialog (decision 0045) opens on the photo: saved as it is.
    await client.getByTestId('annotate-save').click();
    await expect(taskCard.locator('img')).toHaveCount(1);
    await taskCard.getByTestId('task-move-complete').click();
    await expect(taskCard.getByTestId('task-status')).toHaveText('Completada');
  }
  await expect(client.getByTestId('status-tag')).toHaveText('Evidencia pendiente de revisión');
  await settled(client);
  await client.screenshot({ path: screenshotPath('incidents-detail-phone'), fullPage: true });
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // The corrective actions' table keeps the action, its status and its due date within the phone's width.
  await client.goto('/tasks');
  const dueHeader = client.getByRole('columnheader', { name: 'Fecha límite' });
  await expect(dueHeader).toBeVisible();
  const due = (await dueHeader.boundingBox())!;
  expect(due.x + due.width).toBeLessThanOrEqual(PHONE.width);
  await expect(client.getByRole('columnheader', { name: 'Incidencia' })).toHaveCount(0);

  // ── 4. The auditor opens the notification and verifies the actions: the incident turns resolved ──
  await page.reload();
  await expect(page.getByTestId('notifications-unread')).toContainText(/\d/);
  await page.getByTestId('notifications-button').click();
  const drawer = page.getByTestId('notification-drawer');
  await drawer.getByTestId('notification-item').filter({ hasText: 'Limpiar y desinfectar la zona' }).first().click();
  await expect(page).toHaveURL(new RegExp(`/incidents/${target._id}$`));
  for (let left = count; left > 0; left--) {
    await page.getByTestId('task-verify').first().click();
    await expect(page.getByTestId('task-verify')).toHaveCount(left - 1);
  }
  await expect(page.getByTestId('status-tag')).toHaveText('Resuelta');
  await page.getByRole('tab', { name: /Historial/ }).click();
  await expect(page.getByTestId('incident-history')).toContainText('Acción verificada');
  await settled(page);
  await page.screenshot({ path: screenshotPath('incidents-detail-resolved-desktop') });

  // ── 5. The client sees the verification in its bell ──
  await client.reload();
  await expect(client.getByTestId('notifications-unread')).toContainText(/\d/);
  await client.getByTestId('notifications-button').click();
  const clientDrawer = client.getByTestId('notification-drawer');
  await expect(clientDrawer.getByTestId('notification-item').filter({ hasText: 'Limpiar y desinfectar la zona' }).first()).toBeVisible();
  await settled(client);
  await client.screenshot({ path: screenshotPath('incidents-bell-phone') });
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  // ── 6. The e-mails reach the SMTP server, in Spanish, each with the incident's link ──
  // The auditor: the corrective action completed by the client.
  const toAuditor = await mail.next('auditor@demo.test', /^Acción correctiva «Limpiar y desinfectar la zona»: Completada$/);
  expect(toAuditor.text).toContain(`/incidents/${target._id}`);
  expect(toAuditor.text).toContain('Ábrala:');
  // The client's manager, the action's responsible: the verification.
  const toClient = await mail.next('client@demo.test', /^Acción correctiva verificada: «Limpiar y desinfectar la zona»$/);
  expect(toClient.text).toContain(`/incidents/${target._id}`);
  await phone.close();
  await desk.close();
});
