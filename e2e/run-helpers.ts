import { expect, type Locator, type Page } from '@playwright/test';
import type { TAudit } from '@audit/domain/audits';
import { pageApi, signInToShell } from './helpers';

/** What the run-view specs share: the demo auditor, a running hygiene audit, cards, options, pictures. */
export const HYGIENE = 'Auditoría de higiene alimentaria';
export const DESKTOP = { width: 1366, height: 900 };

/** Signs in as the demo auditor and answers with the user's id (read from users/me on the way). */
export async function signInAsAuditor(page: Page): Promise<string> {
  const me = page.waitForResponse((r) => r.url().endsWith('/ms-core/api/users/me') && r.ok());
  await signInToShell(page, 'auditor@demo.test');
  return ((await (await me).json()) as { _id: string })._id;
}

/** The auditor's audits (the test's own set-up call, not what a screen does). */
export const auditsOf = (page: Page, auditor: string) =>
  pageApi<TAudit[]>(page, 'POST', '/ms-core/api/audits/search', { size: 50, page: 0, filters: [{ field: 'auditor', operator: 'eq', value: auditor }] });

/** A new audit like the demo hygiene audit of `auditor`, started (running); its id. */
export async function startHygieneAudit(page: Page, auditor: string): Promise<string> {
  const demo = (await auditsOf(page, auditor)).find((a) => a.template.name === HYGIENE);
  expect(demo, 'the demo data holds a hygiene audit of auditor@demo.test').toBeTruthy();
  const created = await pageApi<TAudit>(page, 'POST', '/ms-core/api/audits', {
    client: demo!.client._id,
    establishment: demo!.establishment._id,
    service: demo!.service._id,
    template: demo!.template._id,
    auditor,
    startDate: demo!.startDate,
    date: demo!.date,
  });
  await pageApi(page, 'PATCH', `/ms-core/api/audits/${created._id}/execute?use_previous=false`);
  return created._id;
}

/** A question card by its title, and one of its options. */
export const card = (page: Page, name: string) => page.locator('.run-question').filter({ has: page.getByRole('heading', { name }) });
export const option = (question: Locator, label: string) => question.getByRole('radio', { name: label, exact: true });

/** A PNG made in the page (a plain rectangle) for the file pickers. */
export async function pngPicture(page: Page, width = 640, height = 480, color = '#2f54eb'): Promise<Buffer> {
  const base64 = await page.evaluate(
    ([w, h, c]) => {
      const canvas = Object.assign(document.createElement('canvas'), { width: w, height: h });
      const context = canvas.getContext('2d')!;
      context.fillStyle = c;
      context.fillRect(0, 0, w, h);
      return canvas.toDataURL('image/png').split(',')[1]!;
    },
    [width, height, color] as const,
  );
  return Buffer.from(base64, 'base64');
}

/** Clicks a picture button and gives its file chooser a PNG. */
export async function addPicture(page: Page, button: Locator, picture?: Buffer, name = 'photo.png') {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles({ name, mimeType: 'image/png', buffer: picture ?? (await pngPicture(page)) });
}

/** The demo template's contacts: one name-and-e-mail list field (as new Contacts fields are). */
export const DEMO_CONTACTS = 'Personas de contacto';

/** The list field labelled `label` in the run view, and the name and e-mail inputs of its row `n` (from 1). */
export function contactRow(page: Page, n = 1, label = DEMO_CONTACTS) {
  const list = page.getByRole('group', { name: label });
  return {
    list,
    name: list.getByLabel(new RegExp(`^(Nombre|Name) ${n}$`)),
    email: list.getByLabel(new RegExp(`^(Correo electrónico|E-mail) ${n}$`)),
  };
}

/** Adds a contact row, types its name and e-mail and saves it with Enter (one contact-field/update). */
export async function addContact(page: Page, contact: { name: string; email: string }, label = DEMO_CONTACTS) {
  const { list } = contactRow(page, 1, label);
  const before = await list.getByRole('textbox').count();
  await list.getByRole('button', { name: /(Añadir contacto|Add contact)$/ }).click();
  const row = contactRow(page, before / 2 + 1, label);
  await row.name.fill(contact.name);
  await row.email.fill(contact.email);
  await row.email.press('Enter');
  return row;
}
