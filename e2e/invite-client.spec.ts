import { mkdirSync } from 'node:fs';
import { expect as baseExpect, test, type Browser } from '@playwright/test';
import { pageApi, pick, settled, shoot, signIn } from './helpers';
import { startMailbox, type TMailbox } from './mailbox';
import { startOwnServer, type TOwnServer } from './own-server';

/**
 * Issue 23 (decision 0062): an invitation from a client's Users tab is fixed to that client. The
 * person invited accepts through the e-mail (caught by a real SMTP server on loopback), signs in and
 * sees only that client: before, they joined the company's space and saw every client's audits.
 * The invitation is for Restaurante El Olivo: its own finished audits (the calendar's demo visits, clean)
 * show, none of Hotel Mar Azul's, and no incident.
 */
const DESKTOP = { width: 1440, height: 900 };
const expect = baseExpect.configure({ timeout: 30_000 });
const CLIENT = 'Restaurante El Olivo';
const GUEST = 'sara@olivo.test';
const GUEST_PASSWORD = 'Sara-Olivo!2026';

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

test("an invitation from a client's Users tab gives access to that client only", async ({ browser }) => {
  test.setTimeout(240_000);
  const office = await browse(browser);
  const admin = office.page;
  await signIn(admin, 'admin@demo.test');
  await expect(admin.getByTestId('menu-toggle')).toBeVisible();
  const spaces = await pageApi<{ _id: string; name: string; type: string }[]>(admin, 'POST', '/ms-core/api/structures/search-for-users', {
    page: 0,
    size: 1000,
  });
  const client = spaces.find((s) => s.name === CLIENT && s.type === 'STRUCTURE')!;
  const companyAudits = await pageApi<unknown[]>(admin, 'POST', '/ms-core/api/audits/search', { size: 50, page: 0 });
  expect(companyAudits.length).toBeGreaterThan(0);

  await admin.goto(`/clients/${client._id}/users`);
  await admin.getByTestId('client-users-invite').click({ timeout: 30_000 });
  const dialog = admin.getByRole('dialog', { name: `Invitar a ${CLIENT}` });
  await expect(dialog).toBeVisible();
  // prefilled and fixed to the client, and the form says so
  const clients = dialog.getByTestId('user-form-clients');
  await expect(clients).toContainText(CLIENT);
  await expect(clients).toHaveClass(/ant-select-disabled/);
  await expect(dialog.getByTestId('invite-scope')).toContainText('solo a los clientes');
  await dialog.getByLabel('Correos electrónicos').fill(GUEST);
  await pick(admin, dialog.getByLabel('Rol'), 'Usuario del cliente', { exact: true });
  await expect(dialog.getByTestId('invite-role')).toContainText('Usuario del cliente');
  await shoot(admin, 'invite-client-dialog');
  await dialog.getByRole('button', { name: 'Enviar invitaciones' }).click({ timeout: 10_000 });
  await expect(dialog).toBeHidden();

  // The company's own invitation form, without a client, says it opens the whole company
  await admin.goto('/admin/access-requests');
  await admin.getByRole('tab', { name: 'Invitaciones' }).click({ timeout: 30_000 });
  const row = admin.locator('.ant-table-row').filter({ hasText: GUEST });
  await expect(row).toContainText(CLIENT);
  await expect(row).toContainText('Usuario del cliente');
  await admin.getByRole('button', { name: /invitar/i }).click({ timeout: 10_000 });
  await expect(admin.getByRole('dialog', { name: 'Invitar' }).getByTestId('invite-scope')).toContainText('toda la empresa Higiene Demo S.L.');
  await shoot(admin, 'invite-company-dialog');
  await office.context.close();

  const link = await mail.linkFor(GUEST, new RegExp(`Invitación · ${CLIENT}`), '/invitation');
  const guest = await browse(browser);
  await guest.page.goto(link);
  await expect(guest.page.getByTestId('invitation-summary')).toContainText(CLIENT);
  await guest.page.getByLabel('Nombre', { exact: true }).fill('Sara');
  await guest.page.getByLabel('Nueva contraseña', { exact: true }).fill(GUEST_PASSWORD);
  await guest.page.getByLabel('Repita la contraseña', { exact: true }).fill(GUEST_PASSWORD);
  await guest.page.getByRole('button', { name: 'Aceptar la invitación' }).click({ timeout: 10_000 });
  await expect(guest.page.getByTestId('menu-toggle')).toBeVisible();
  await guest.context.close();

  // Signs in as anyone would, and sees that client only: none of Hotel Mar Azul's audits or incidents
  const again = await browse(browser);
  await signIn(again.page, GUEST, GUEST_PASSWORD);
  await expect(again.page.getByTestId('menu-toggle')).toBeVisible();
  const current = await pageApi<{ _id: string; name: string }>(again.page, 'GET', '/ms-core/api/spaces/current');
  expect(current.name).toBe(CLIENT);
  const mine = await pageApi<{ name: string }[]>(again.page, 'GET', '/ms-core/api/spaces/my-spaces');
  expect(mine.map((s) => s.name)).not.toContain('Hotel Mar Azul');
  // Their client's audits (the demo's finished El Olivo visits), none of another client's.
  const audits = await pageApi<{ client: { name: string } }[]>(again.page, 'POST', '/ms-core/api/audits/search', { size: 50, page: 0 });
  expect(audits.length, 'the client has finished audits to show').toBeGreaterThan(0);
  expect(audits.filter((a) => a.client.name !== CLIENT).map((a) => a.client.name)).toEqual([]);
  // Their client's visits were clean: no incident at all, so none of Hotel Mar Azul's.
  expect(await pageApi<unknown[]>(again.page, 'POST', '/ms-core/api/issues/search-issues', { size: 50, page: 0 })).toEqual([]);
  await settled(again.page);
  await again.context.close();
});
