import { expect as baseExpect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, pageApi, screenshotPath, settled, sidebar, signIn } from './helpers';

// A shared machine under load answers slowly: every wait of this spec gets room.
const expect = baseExpect.configure({ timeout: 30_000 });

/**
 * The visits calendar (decision 0087): the demo auditor opens /calendar from the sidebar, moves a
 * planned visit of El Olivo Centro (no visit window) one day later from its dialog (the keyboard's
 * way) and the audit's date changes; then drags a visit of Hotel Mar Azul Valencia (visit days 5
 * and 20 only) onto another day and the calendar says why it stays. Screens of the month, week,
 * list and phone views.
 */
test.setTimeout(300_000);

type TVisit = { _id: string; from: string; to: string; status: string; canMove: boolean; establishment: { name: string } };
const plus = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const dmy = (day: string) => day.split('-').reverse().join('-');

/** The auditor's planned visits over this month and the next two (as the demo spreads them). */
async function plannedVisits(page: Page) {
  const today = new Date().toISOString().slice(0, 10);
  const out: TVisit[] = [];
  for (const from of [today, plus(today, 60)]) {
    const read = await pageApi<{ items: TVisit[] }>(page, 'GET', `/ms-core/api/calendar/visits?from=${from}&to=${plus(from, 59)}`);
    out.push(...read.items.filter((v) => v.status === 'draft' && v.canMove && v.from > today));
  }
  return out;
}

/** Shows the month of `day` in the month view (at most two "next" from today's month). */
async function showMonthOf(page: Page, day: string) {
  for (let i = 0; i < 3 && !(await page.locator(`[data-day="${day}"]:not(.other-month)`).count()); i++) {
    await page.getByRole('button', { name: /siguiente|next/i }).click();
    await settled(page);
  }
  await expect(page.locator(`[data-day="${day}"]`).first()).toBeVisible();
}

test('an auditor moves a visit and its audit date changes; a refused day says why', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, 'auditor@demo.test');
  await expect(page.getByTestId('menu-toggle')).toBeVisible({ timeout: 60_000 });
  await sidebar(page)
    .getByRole('link', { name: /calendario de visitas|visits calendar/i })
    .click();
  await expect(page).toHaveURL(/\/calendar$/, { timeout: 60_000 });
  await expect(page.locator('.visits-grid')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('.visits-legend')).toContainText('Planificada');
  await settled(page);
  await page.screenshot({ path: screenshotPath('calendar-month-desktop') });

  const visits = await plannedVisits(page);
  const olivo = visits.find((v) => v.establishment.name === 'El Olivo Centro')!;
  const valencia = visits.find((v) => v.establishment.name === 'Hotel Mar Azul Valencia')!;
  expect(olivo && valencia).toBeTruthy();

  // ── 1. The keyboard's way: open the visit, pick the next day, move ──
  await showMonthOf(page, olivo.from);
  const chip = page.locator(`[data-visit="${olivo._id}"]`);
  await chip.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('El Olivo Centro', { timeout: 30_000 });
  const target = plus(olivo.from, 1);
  const picker = dialog.getByLabel(/mover la visita al día/i);
  await picker.click();
  await picker.fill(dmy(target));
  await picker.press('Enter');
  await dialog.getByRole('button', { name: /^mover$/i }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(async () => (await pageApi<{ date: [string, string] }>(page, 'GET', `/ms-core/api/audits/${olivo._id}`)).date[0].slice(0, 10)).toBe(target);
  await page.getByRole('button', { name: /^hoy$|^today$/i }).click();
  await showMonthOf(page, target);
  await expect(page.locator(`[data-day="${target}"] [data-visit="${olivo._id}"]`)).toBeVisible();

  // ── 2. Drag and drop onto a day Hotel Mar Azul's window refuses: the calendar says why ──
  // (a tall window: the whole month in view, so the drag does not scroll the page)
  await page.setViewportSize({ width: 1366, height: 1300 });
  await page.getByRole('button', { name: /^hoy$|^today$/i }).click();
  await showMonthOf(page, valencia.from);
  const source = page.locator(`[data-visit="${valencia._id}"]`);
  const days = await page.locator('[data-day]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-day')!));
  const refused =
    days.find((d) => d !== valencia.from && !['05', '20'].includes(d.slice(8)) && d > valencia.from) ??
    days.find((d) => d !== valencia.from && !['05', '20'].includes(d.slice(8)))!;
  const from = (await source.boundingBox())!;
  const to = (await page.locator(`[data-day="${refused}"]`).boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 5, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  // While dragging, the refused days are marked with their reason.
  await expect(page.locator(`[data-day="${refused}"].refused`)).toContainText(/fuera de los días de visita|mes cerrado/i);
  await page.screenshot({ path: screenshotPath('calendar-dragging-desktop') });
  await page.mouse.up();
  await expect(page.getByRole('alert')).toContainText(/fuera de los días de visita|mes cerrado/i);
  const after = await pageApi<{ date: [string, string] }>(page, 'GET', `/ms-core/api/audits/${valencia._id}`);
  expect(after.date[0].slice(0, 10)).toBe(valencia.from);

  // ── 3. Week and list views; the phone opens on the list ──
  await page.getByText('Semana', { exact: true }).click();
  await settled(page);
  await page.screenshot({ path: screenshotPath('calendar-week-desktop') });
  await page.getByText('Lista', { exact: true }).click();
  await settled(page);
  await page.screenshot({ path: screenshotPath('calendar-list-desktop') });
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.locator('.ant-segmented-item-selected')).toContainText('Lista');
  await settled(page);
  await page.screenshot({ path: screenshotPath('calendar-list-phone') });
});
