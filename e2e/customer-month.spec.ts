import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Browser, type Page } from '@playwright/test';
import type { TAudit, TAuditQuestion, TReadingOption } from '@audit/domain/audits';
import type { TIncidentOut } from '@audit/domain/incidents';
import { DESKTOP, pageApi, pick, screenshotPath, settled, shoot, signIn } from './helpers';
import { startMailbox, type TMailbox } from './mailbox';
import { fillLabReport } from './lab-helpers';
import { startOwnServer, type TOwnServer } from './own-server';
import { buildRegisterTemplate, createRegister } from './register-helpers';
import { addContact, addPicture, HYGIENE } from './run-helpers';

/**
 * A customer's first month (issue 23, "Done means"), with data made through the screens: the
 * administrator creates a social reason, a client, its establishment and an area; invites a client
 * user limited to that client from its Users tab (accepted from the e-mail caught on loopback);
 * plans an audit, which the auditor runs with a failed answer, an issue, a corrective task and a
 * photo, finishes and shares. The client user does not see the audit while it is a draft or
 * running (list and report address), sees it and its report once finished, completes the corrective
 * action with evidence, which the administrator verifies. The administrator builds a register
 * template, a register and a lab report with a result over its limit for the new establishment on
 * their screens: the client sees the register and the report, not the lab incident still in DRAFT. The
 * administrator reopens the audit: the client loses the audit but keeps the incident, superseded
 * and read only, at its old link.
 */
const expect = baseExpect.configure({ timeout: 30_000 });
const ADMIN = 'admin@demo.test';
const AUDITOR = 'auditor@demo.test';
const AUDITOR_NAME = 'Álvaro Auditor';
const SOCIAL_REASON = 'Brasa del Puerto Hostelería S.L.';
const CLIENT = 'Asador La Brasa';
const ESTABLISHMENT = 'La Brasa Puerto';
const AREA = 'Cocina de brasas';
const SERVICE = 'Auditoría de higiene';
const GUEST = { email: 'lucia@brasa.test', first: 'Lucía', password: 'Brasa-Lucia!2026' };
const REGISTER_TEMPLATE = 'Temperaturas diarias de la brasa';
const REGISTER = 'Temperaturas de la brasa';
const LAB_NUMBER = 'BRASA-LEG-1';
const CORE = '/ms-core/api';

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

const browse = async (browser: Browser) => {
  const context = await browser.newContext({ locale: 'es-ES', baseURL: server.baseUrl, viewport: DESKTOP });
  return { context, page: await context.newPage() };
};

async function signInToShell(page: Page, login: string, password?: string) {
  await signIn(page, login, password);
  await expect(page.getByTestId('menu-toggle'), `${login} reaches the shell`).toBeVisible();
}

/** DD-MM-YYYY of today plus `days` (local), as typed in the wizard's date range. */
const dayText = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${String(d.getDate()).padStart(2, '0')}-${String(d.getMonth() + 1).padStart(2, '0')}-${d.getFullYear()}`;
};

/** A value inside what a reading option expects, typed with the Spanish decimal comma. */
function inRange(option: TReadingOption): string {
  const { minValue: min, maxValue: max } = option;
  const value =
    option.operation === 'between'
      ? ((min ?? 0) + (max ?? 10)) / 2
      : option.operation === 'lessThan'
        ? (max ?? 0) - 2
        : option.operation === 'greaterThan'
          ? (min ?? 0) + 2
          : option.operation === 'equal'
            ? (min ?? 0)
            : 1;
  return String(value).replace('.', ',');
}

/** The client's list of audits made holds no row of the new establishment, and its report address answers not found. */
async function clientDoesNotSee(client: Page, auditId: string, step: string) {
  await client.goto('/client-audits/audits');
  await expect(client.getByRole('heading').first(), `${step}: the audits list opens`).toBeVisible();
  await settled(client);
  await expect(client.locator('.ant-table-row').filter({ hasText: ESTABLISHMENT }), `${step}: the list does not show the audit`).toHaveCount(0);
  const answer = client.waitForResponse((r) => r.url().endsWith(`/reports/audit/${auditId}`), { timeout: 30_000 });
  await client.goto(`/client-audits/audits/report/${auditId}`);
  expect((await answer).status(), `${step}: the report address answers`).toBe(404);
  await expect(client.getByText('Entidad no encontrada.').first(), `${step}: the report page says not found`).toBeVisible();
  await expect(client.getByTestId('report-summary')).toHaveCount(0);
}

test("a customer's first month: set-up, invitation, audit, corrective action, register, lab, reopen — who sees what", async ({ browser }) => {
  test.setTimeout(900_000);
  const office = await browse(browser);
  const admin = office.page;
  await signInToShell(admin, ADMIN);

  // ── 1. Social reason (the establishment form cannot create one), client, establishment, area ──
  await admin.goto('/settings/nomenclatures/social-reasons');
  await admin.getByTestId('list-add').click({ timeout: 30_000 });
  await admin.getByTestId('nomenclature-form').getByLabel('Nombre').fill(SOCIAL_REASON);
  await admin.getByTestId('detail-save').click({ timeout: 10_000 });
  await expect(admin.getByText('Creado correctamente.').first(), 'the social reason is created').toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: SOCIAL_REASON })).toBeVisible();

  await admin.goto('/clients');
  await admin.getByTestId('list-add').click({ timeout: 30_000 });
  const form = admin.getByTestId('structure-form');
  await form.getByLabel('Nombre').fill(CLIENT);
  await form.getByLabel('Dirección').fill('Paseo del Muelle 12');
  await form.getByLabel('Código postal').fill('03001');
  await admin.getByTestId('detail-save').click({ timeout: 10_000 });
  await expect(admin, 'the client is created and opens on its structure').toHaveURL(/\/clients\/[0-9a-f-]{36}\/structure$/);
  const clientId = admin.url().split('/').at(-2)!;
  await admin.getByTestId('structure-add-child').click({ timeout: 30_000 });
  const drawer = admin.locator('.ant-drawer-open .ant-drawer-section');
  await drawer.getByLabel('Nombre').fill(ESTABLISHMENT);
  await drawer.getByLabel('Dirección').fill('Paseo del Muelle 14');
  await drawer.getByLabel('Código postal').fill('03001');
  await pick(admin, drawer.getByLabel('Razón social'), SOCIAL_REASON, { exact: true });
  await drawer.getByTestId('detail-save').click({ timeout: 10_000 });
  await expect(admin.getByTestId(`tree-node-${ESTABLISHMENT}`), 'the establishment is in the tree').toBeVisible();
  await admin.getByTestId(`tree-node-${ESTABLISHMENT}`).getByTestId('node-add').click({ timeout: 10_000 });
  await drawer.getByLabel('Nombre').fill(AREA);
  await drawer.getByTestId('detail-save').click({ timeout: 10_000 });
  await expect(admin.getByTestId(`tree-node-${AREA}`), 'the area is in the tree').toBeVisible();
  await shoot(admin, 'month-client-structure');
  const establishment = (
    await pageApi<{ _id: string; name: string }[]>(admin, 'POST', `${CORE}/establishments/search`, {
      size: 10,
      page: 0,
      filters: [{ field: 'client', operator: 'eq', value: clientId }],
    })
  ).find((e) => e.name === ESTABLISHMENT)!;
  expect(establishment, 'the establishment is stored under the client').toBeTruthy();

  // ── 2. The invitation from the client's Users tab, limited to the client, accepted from the e-mail ──
  await admin.goto(`/clients/${clientId}/users`);
  await admin.getByTestId('client-users-invite').click({ timeout: 30_000 });
  const invite = admin.getByRole('dialog', { name: `Invitar a ${CLIENT}` });
  await expect(invite.getByTestId('user-form-clients'), 'the invitation is fixed to the client').toContainText(CLIENT);
  await expect(invite.getByTestId('invite-scope')).toContainText('solo a los clientes');
  await invite.getByLabel('Correos electrónicos').fill(GUEST.email);
  // Typed into the role's search: the options list is virtual, and the preset role (USER) is not
  // always there when the dialog opens before the roles have loaded.
  const role = invite.getByLabel('Rol');
  await role.click({ timeout: 10_000 });
  await role.fill('Usuario del cliente');
  await admin.locator('.ant-select-dropdown:visible').getByTitle('Usuario del cliente', { exact: true }).first().click({ timeout: 30_000 });
  await expect(invite.getByTestId('invite-role'), 'the role of the invitation').toContainText('Usuario del cliente');
  await settled(admin);
  await admin.screenshot({ path: screenshotPath('month-invite-desktop') });
  await invite.getByRole('button', { name: 'Enviar invitaciones' }).click({ timeout: 10_000 });
  await expect(invite, 'the invitation is sent').toBeHidden();

  const link = await mail.linkFor(GUEST.email, new RegExp(`Invitación · ${CLIENT}`), '/invitation');
  const home = await browse(browser);
  const client = home.page;
  await client.goto(link);
  await expect(client.getByTestId('invitation-summary'), 'the invitation page names the client').toContainText(CLIENT);
  await client.getByLabel('Nombre', { exact: true }).fill(GUEST.first);
  await client.getByLabel('Nueva contraseña', { exact: true }).fill(GUEST.password);
  await client.getByLabel('Repita la contraseña', { exact: true }).fill(GUEST.password);
  await client.getByRole('button', { name: 'Aceptar la invitación' }).click({ timeout: 10_000 });
  await expect(client.getByTestId('menu-toggle'), 'the invitation accepted, the client user is in').toBeVisible();
  await expect(client.getByTestId('space-selector')).toContainText(CLIENT);
  const spaces = await pageApi<{ name: string }[]>(client, 'GET', `${CORE}/spaces/my-spaces`);
  expect(spaces.map((s) => s.name).sort(), 'the client user reaches exactly the new client').toEqual([AREA, CLIENT, ESTABLISHMENT].sort());

  // ── 3. The administrator plans the audit with the wizard ──────────────────────────────────────
  await admin.goto('/auditor/audits');
  await admin.getByTestId('list-add').click({ timeout: 30_000 });
  const wizard = admin.getByRole('dialog');
  // Each choice is checked on the field and made again when lost: a select re-rendered as its
  // options arrive (the services after the establishment) can drop a click on a busy machine.
  const choose = (label: string, option: string) =>
    expect(async () => {
      const field = wizard.getByLabel(label, { exact: true });
      await pick(admin, field, option);
      await expect(wizard.locator('.ant-form-item').filter({ has: admin.getByLabel(label, { exact: true }) })).toContainText(option, { timeout: 2_000 });
    }).toPass({ timeout: 60_000 });
  await choose('Cliente', CLIENT);
  await choose('Establecimiento', ESTABLISHMENT);
  await choose('Servicio', SERVICE);
  await choose('Auditor', AUDITOR_NAME);
  const range = wizard.locator('.ant-picker-range');
  await range.locator('input').first().click();
  await range.locator('input').first().fill(dayText(0));
  await range.locator('input').first().press('Enter');
  await range.locator('input').nth(1).fill(dayText(1));
  await range.locator('input').nth(1).press('Enter');
  await wizard.getByTestId('wizard-next').click({ timeout: 10_000 });
  await wizard
    .getByTestId('wizard-template')
    .filter({ hasText: HYGIENE })
    .getByRole('button', { name: /Seleccionar esta plantilla/ })
    .click({ timeout: 30_000 });
  await expect(wizard.getByTestId('wizard-confirmation'), 'the wizard confirms the plan').toContainText(ESTABLISHMENT);
  await wizard.getByTestId('wizard-create').click({ timeout: 10_000 });
  await expect(admin.getByText('Creado correctamente.').first(), 'the audit is planned').toBeVisible();
  await expect(admin.getByTestId('audit-preview')).toContainText('Borrador');
  const planned = await pageApi<TAudit[]>(admin, 'POST', `${CORE}/audits/search`, {
    size: 10,
    page: 0,
    filters: [{ field: 'establishment', operator: 'eq', value: establishment._id }],
  });
  expect(planned, 'one audit planned for the new establishment').toHaveLength(1);
  const auditId = planned[0]!._id;
  await admin.keyboard.press('Escape');

  // ── 4a. The client user does not see the draft ────────────────────────────────────────────────
  await clientDoesNotSee(client, auditId, 'draft');

  // ── 3b. The auditor runs it: one failed answer with its issue, a corrective task and a photo ──
  const desk = await browse(browser);
  const auditor = desk.page;
  await signInToShell(auditor, AUDITOR);
  await auditor.goto(`/auditor/audits?audit=${auditId}`);
  await expect(auditor.getByTestId('audit-preview'), 'the auditor opens the planned audit').toContainText(ESTABLISHMENT);
  await auditor.getByTestId('audit-start').click({ timeout: 30_000 });
  await expect(auditor, 'the run opens').toHaveURL(new RegExp(`/auditor/audits/run/${auditId}$`), { timeout: 60_000 });

  // ── 4b. The client user does not see it running ───────────────────────────────────────────────
  await clientDoesNotSee(client, auditId, 'running');
  expect(
    (await pageApi<TAudit[]>(client, 'POST', `${CORE}/audits/search`, { size: 50, page: 0 })).map((a) => a._id),
    'running: audits/search does not answer it to the client',
  ).not.toContain(auditId);

  // What the template asks, read from the audit (the test's own set-up); every question is then
  // answered on screen (the required ones block the finish), one scored select failed with its
  // incidence, a corrective task and a photo.
  const audit = await pageApi<TAudit>(auditor, 'GET', `${CORE}/audits/${auditId}`);
  const questions = audit.sections
    .filter((s) => s.type === 'QUESTION')
    .sort((a, b) => a.position - b.position)
    .flatMap((s) => [...s.questions].sort((a, b) => a.position - b.position));
  const failedQuestion = questions.find((q: TAuditQuestion) => q.type === 'select' && q.select?.scoring && (q.incidences[0]?.tasks.length ?? 0) > 0);
  expect(failedQuestion, 'the hygiene template has a scored question with an incidence and tasks').toBeTruthy();
  const incidence = failedQuestion!.incidences[0]!;
  const task = incidence.tasks[0]!;
  for (const q of questions) {
    const card = auditor.locator('.run-question').filter({ has: auditor.getByRole('heading', { name: q.name, exact: false }) });
    await card.scrollIntoViewIfNeeded({ timeout: 10_000 });
    if (q.type === 'select') {
      const options = q.select!.options;
      const chosen =
        q === failedQuestion ? options.find((o) => o.failed)! : options.find((o) => !o.failed && o.score === Math.max(...options.map((x) => x.score)))!;
      await card.getByRole('radio', { name: chosen.label, exact: true }).click({ timeout: 10_000 });
      await expect(card.getByRole('radio', { name: chosen.label, exact: true }), `answered: ${q.name}`).toHaveAttribute('aria-checked', 'true');
      if (q !== failedQuestion) continue;
      await expect(card.locator('.run-state'), 'the answer is failed').toContainText('Fallida');
      await card.getByRole('button', { name: /Incidencias/ }).click({ timeout: 10_000 });
      const item = card.locator('.run-incidence').filter({ hasText: incidence.name });
      await item.getByRole('checkbox', { name: incidence.name }).check({ timeout: 10_000 });
      await item.locator('.run-tasks').getByRole('checkbox', { name: task.name }).check({ timeout: 10_000 });
      const upload = auditor.waitForResponse((r) => r.url().endsWith('/evidences') && r.request().method() === 'POST', { timeout: 30_000 });
      await addPicture(auditor, item.getByRole('button', { name: /Añadir foto/ }), undefined, 'brasa.png');
      expect((await upload).ok(), 'the run photo is uploaded').toBe(true);
      await expect(item.locator('.run-image img'), 'the photo shows on the issue').toHaveCount(1);
      await settled(auditor);
      await auditor.screenshot({ path: screenshotPath('month-run-issue-desktop') });
    } else if (q.type === 'readingRegistry') {
      const config = q.readingRegistry!;
      for (const place of config.placesMeasure)
        for (const reading of config.options) {
          const input = card.getByLabel(`${place.place} · ${reading.label}`, { exact: true });
          await input.fill(inRange(reading));
          await input.press('Tab');
        }
    } else if (q.type === 'number') {
      await card.getByRole('textbox', { name: q.name }).fill('2');
      await card.getByRole('textbox', { name: q.name }).press('Enter');
    } else if (q.type === 'text' || q.type === 'paragraph') {
      await card.getByRole('textbox', { name: q.name }).fill('Revisado durante la visita.');
      await card.getByRole('textbox', { name: q.name }).press('Tab');
    } else {
      throw new Error(`the walk does not know how to answer a "${q.type}" question (${q.name})`);
    }
    await expect(card.locator('.run-state'), `answered: ${q.name}`).toContainText(/Respondida|Fallida/);
  }
  // The cover's fields, as the auditor fills them.
  const visit = auditor.getByLabel(/^Fecha de la auditoría\s*\*?$/);
  await visit.click({ timeout: 10_000 });
  await visit.fill(dayText(0));
  await visit.press('Enter');
  const visitEnd = auditor.locator('.run-section').first().locator('.ant-picker-range input').nth(1);
  await visitEnd.fill(dayText(1));
  await visitEnd.press('Enter');
  await auditor.getByLabel(/^Auditor\s*\*?$/).fill(AUDITOR_NAME);
  await auditor.getByLabel(/^Auditor\s*\*?$/).press('Enter');
  await auditor.getByLabel(/^Ubicación/).fill('Cocina de brasas');
  await auditor.getByLabel(/^Ubicación/).press('Enter');
  await addContact(auditor, { name: 'Jorge Brasa', email: 'calidad@brasa.test' });
  await expect(auditor.locator('.run-saving'), 'the run is saved').toContainText('Guardado');
  await auditor
    .locator('.run-header')
    .getByRole('button', { name: /Finalizar/ })
    .click({ timeout: 10_000 });
  await auditor
    .getByRole('dialog', { name: /¿Finalizar la auditoría\?/ })
    .getByRole('button', { name: /Finalizar/ })
    .click({ timeout: 10_000 });
  await expect(auditor, 'the audit is finished').toHaveURL(/\/auditor\/audits$/);
  await auditor.goto(`/auditor/audits/report/${auditId}`);
  await auditor.getByTestId('report-share').click({ timeout: 30_000 });
  await expect(auditor.getByTestId('share-url'), 'the report is shared').toHaveValue(new RegExp(`/share-audit-report/${auditId}\\?lang=es$`));
  await expect(auditor.getByTestId('report-share')).toContainText('Compartido');

  // ── 4c. Finished: the client user sees it, and its report ─────────────────────────────────────
  await client.goto('/client-audits/audits');
  const row = client.locator('.ant-table-row').filter({ hasText: ESTABLISHMENT });
  await expect(row, 'finished: the client lists the audit').toHaveCount(1);
  await shoot(client, 'month-client-audits');
  await row.click({ timeout: 10_000 });
  await expect(client).toHaveURL(new RegExp(`/client-audits/audits/report/${auditId}$`));
  await expect(client.getByTestId('report-summary'), 'finished: the client reads the report').toContainText(HYGIENE);
  await expect(client.getByTestId('report-summary')).toContainText(`${CLIENT} › ${ESTABLISHMENT}`);
  await expect(client.getByTestId('report-issue')).toHaveCount(1);
  await expect(client.getByTestId('report-issue')).toContainText(incidence.name);
  await settled(client);
  await client.screenshot({ path: screenshotPath('month-client-report-desktop'), fullPage: true });

  // ── 4d. The client works the corrective action with evidence; the administrator verifies it ──
  const incidents = await pageApi<TIncidentOut[]>(admin, 'POST', `${CORE}/issues/search-issues`, {
    size: 10,
    page: 0,
    filters: [{ field: 'audit', operator: 'eq', value: auditId }],
  });
  expect(incidents, 'the finish made one incident').toHaveLength(1);
  const incident = incidents[0]!;
  await client.goto('/incidents/list/audits');
  await expect(client.getByText(incident.name).first(), 'the client lists the incident').toBeVisible();
  await client.goto(`/incidents/${incident._id}`);
  await expect(client.getByTestId('incident-name'), 'the client opens the incident').toHaveText(incident.name);
  const taskCards = client.getByTestId('task-card');
  await expect(taskCards.filter({ hasText: task.name })).toBeVisible();
  const count = await taskCards.count();
  for (let i = 0; i < count; i++) {
    const taskCard = taskCards.nth(i);
    await taskCard.getByTestId('task-move-running').click({ timeout: 10_000 });
    await expect(taskCard.getByTestId('task-status')).toHaveText('En curso');
    await addPicture(client, taskCard.getByTestId('task-photo'));
    await client.getByTestId('annotate-save').click({ timeout: 10_000 });
    await expect(taskCard.locator('img'), 'the evidence photo is on the action').toHaveCount(1);
    await taskCard.getByTestId('task-move-complete').click({ timeout: 10_000 });
    await expect(taskCard.getByTestId('task-status')).toHaveText('Completada');
  }
  await expect(client.getByTestId('status-tag'), 'the evidence awaits review').toHaveText('Evidencia pendiente de revisión');
  await shoot(client, 'month-client-incident', { fullPage: true });

  await admin.goto(`/incidents/${incident._id}`);
  await expect(admin.getByTestId('incident-name')).toHaveText(incident.name);
  for (let left = count; left > 0; left--) {
    await admin.getByTestId('task-verify').first().click({ timeout: 30_000 });
    await expect(admin.getByTestId('task-verify'), 'the administrator verifies the action').toHaveCount(left - 1);
  }
  await expect(admin.getByTestId('status-tag'), 'the incident is resolved').toHaveText('Resuelta');
  await settled(admin);
  await admin.screenshot({ path: screenshotPath('month-admin-verified-desktop') });

  // ── 5. A register and a lab report for the new establishment, made on the office's screens ──
  await buildRegisterTemplate(admin, {
    name: REGISTER_TEMPLATE,
    title: 'Control de temperaturas de la brasa',
    category: 'Cocina',
    section: 'Cámara de la brasa',
    param: { name: 'Temperatura', min: 0, max: 5 },
  });
  await createRegister(
    admin,
    {
      name: REGISTER,
      client: CLIENT,
      areaAccess: 'Cocina',
      template: REGISTER_TEMPLATE,
      category: 'Cocina',
      establishments: [ESTABLISHMENT],
      facilities: [AREA],
      period: 'Diario',
      frequency: 'Diario',
    },
    async () => {
      // From the drawer's top: its name and client (the last select picked scrolled it down).
      await admin.locator('.ant-drawer-open .ant-drawer-body').evaluate((body) => body.scrollTo(0, 0));
      await settled(admin);
      await admin.screenshot({ path: screenshotPath('month-register-form-desktop') });
    },
  );
  await expect(admin.getByTestId('register-detail'), 'the register is for the new client').toContainText(CLIENT);
  await expect(admin.getByTestId('register-detail')).toContainText(ESTABLISHMENT);

  await admin.goto('/lab-data/legionella');
  await fillLabReport(admin, {
    number: LAB_NUMBER,
    extractionDate: new Date(),
    establishment: `${CLIENT} › ${ESTABLISHMENT}`,
    code: 'LEG',
    results: [{ parameter: 'Legionella spp.', value: '2400', unit: 'UFC/L', max: '1000' }],
  });
  await settled(admin);
  await admin.screenshot({ path: screenshotPath('month-lab-form-desktop') });
  await admin.getByTestId('lab-report-save').click({ timeout: 10_000 });
  const labDetail = admin.getByTestId('lab-report-detail');
  await expect(labDetail, 'the lab report is saved').toContainText(LAB_NUMBER);
  await expect(labDetail).toContainText(ESTABLISHMENT);
  await expect(labDetail, 'the result over its limit makes the report not qualified').toContainText('No conforme');
  await expect(labDetail.getByTestId('lab-report-incidents')).toContainText('1 incidencia abierta');
  await expect(admin, 'the saved report opens at its address').toHaveURL(/\/lab-data\/legionella\/[0-9a-f-]{36}$/);
  const labId = admin.url().split('/').pop()!;
  await admin.goto('/incidents/list/lab-data');
  await expect(admin.getByRole('row').filter({ hasText: LAB_NUMBER }), 'the office sees the lab incident in DRAFT').toContainText('Borrador');

  await client.goto('/client-registers/kitchen');
  await expect(client.getByRole('row', { name: new RegExp(REGISTER) }), 'the client sees the register').toBeVisible();
  await shoot(client, 'month-client-registers');
  await client.goto('/lab-data/legionella');
  await expect(client.getByRole('row').filter({ hasText: LAB_NUMBER }), 'the client sees the lab report').toBeVisible();
  await client.goto('/incidents/list/lab-data');
  await expect(client.getByRole('heading').first()).toBeVisible();
  await settled(client);
  await expect(client.getByText(LAB_NUMBER), 'the DRAFT lab incident is not shown to the client').toHaveCount(0);
  expect(
    await pageApi<unknown[]>(client, 'POST', `${CORE}/lab-incidents/search`, {
      size: 50,
      page: 0,
      filters: [{ field: 'report', operator: 'eq', value: labId }],
    }),
    'lab-incidents/search answers no DRAFT incident to the client',
  ).toEqual([]);
  await settled(client);
  await client.screenshot({ path: screenshotPath('month-client-lab-incidents-desktop') });

  // ── 6. The administrator reopens the audit ────────────────────────────────────────────────────
  await admin.goto(`/auditor/audits?audit=${auditId}`);
  await admin.getByTestId('audit-reopen').click({ timeout: 30_000 });
  const confirm = admin.getByRole('dialog', { name: '¿Reabrir la auditoría?' });
  await expect(confirm, 'the reopen confirmation says nothing is deleted').toContainText('No se borra nada');
  const reopened = admin.waitForResponse((r) => r.url().endsWith(`/audits/${auditId}/reopen`) && r.ok(), { timeout: 30_000 });
  await confirm.getByRole('button', { name: 'Reabrir' }).click({ timeout: 10_000 });
  await reopened;

  // The client no longer sees the audit, but keeps the incident: superseded, read only, at its old link.
  await clientDoesNotSee(client, auditId, 'reopened');
  await client.goto(`/incidents/${incident._id}`);
  await expect(client.getByTestId('incident-name'), 'reopened: the old link still opens the incident').toHaveText(incident.name);
  await expect(client.getByTestId('incident-superseded'), 'reopened: the superseded line').toContainText('Sustituida al reabrir su auditoría el');
  await expect(client.getByText('Sustituida', { exact: true }).first()).toBeVisible();
  await expect(client.getByTestId('task-card').filter({ hasText: task.name }), 'reopened: the action is kept').toBeVisible();
  await expect(client.getByTestId('task-card').first().locator('img'), 'reopened: the evidence photo is kept').toHaveCount(1);
  await expect(client.getByTestId('incident-edit')).toHaveCount(0);
  await expect(client.locator('[data-testid^="move-"], [data-testid^="task-move-"], [data-testid="task-add"]'), 'reopened: read only').toHaveCount(0);
  await shoot(client, 'month-client-superseded', { fullPage: true });

  await desk.context.close();
  await home.context.close();
  await office.context.close();
});
