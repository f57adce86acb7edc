import { expect, test, type Page } from '@playwright/test';
import { DESKTOP, PHONE, screenshotPath, settled, signInToShell } from './helpers';

/**
 * The homes (decision 0080): each user lands on what needs attention today, the latest of each list
 * their role opens, every line a link to where one acts. The demo data fills every section of the
 * client's and the auditor's homes (no lab section for an auditor: no lab data screen is theirs).
 */

const sectionIds = (page: Page) =>
  page
    .locator('[data-testid^="home-section-"]:not([data-testid="home-section-loading"]):not([data-testid="home-section-empty"])')
    .evaluateAll((cards) => cards.map((card) => card.getAttribute('data-testid')!.replace('home-section-', '')));
const section = (page: Page, key: string) => page.getByTestId(`home-section-${key}`);
const lines = (page: Page, key: string) => section(page, key).getByTestId('home-line');

/** Every section shows its lines (none loading, none failed, none empty). */
async function expectFilled(page: Page, keys: string[]) {
  // The home's chunk may still be on its way after a navigation: asked again until it shows.
  await expect.poll(() => sectionIds(page)).toEqual(keys);
  for (const key of keys.filter((k) => k !== 'summary')) {
    await expect(lines(page, key).first(), key).toBeVisible();
    await expect(section(page, key).getByTestId('home-section-empty')).toHaveCount(0);
  }
}

/** Nothing wider than the phone (390 px): no sideways scroll. */
async function fitsPhone(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
}

test('client home: the 30-day figures, then the latest of each list, each a link', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInToShell(page, 'client@demo.test');
  await expect(page).toHaveURL(/\/home\/client$/);
  await expect(page.getByTestId('home-client')).toBeVisible();
  await expectFilled(page, ['summary', 'finishedAudits', 'openIncidents', 'overdueTasks', 'pendingRegisters', 'labOutOfLimits']);
  await expect(page.getByTestId('home-figure-audits')).toContainText('1');
  // The demo's two late actions: the audit's cutting board (1 day) and the plumber (decision 0091's demo).
  await expect(lines(page, 'overdueTasks').filter({ hasText: 'Avisar al fontanero' })).toHaveCount(1);
  await expect(lines(page, 'overdueTasks').filter({ hasText: 'Sustituir la tabla de corte' })).toHaveCount(1);
  await expect(lines(page, 'overdueTasks').first().getByTestId('home-task-age')).toHaveText(/\d+ días? de retraso/);
  await expect(lines(page, 'labOutOfLimits').filter({ hasText: 'Legionella spp.' })).toHaveCount(1);
  await settled(page);
  await page.screenshot({ path: screenshotPath('home-client-1366'), fullPage: true });

  // A finished audit opens its report.
  await lines(page, 'finishedAudits').first().click();
  await expect(page).toHaveURL(/\/client-audits\/audits\/report\/[0-9a-f-]+$/);
  await expect(page.getByTestId('audit-report')).toBeVisible();

  // "See all" opens the list with the same filter: the overdue actions' tab.
  await page.goBack();
  await page.getByTestId('home-see-all-overdueTasks').click();
  await expect(page).toHaveURL(/\/tasks\?filter=overdue$/);
  await expect(page.getByTestId('task-filters').locator('.ant-segmented-item-selected')).toHaveText('Vencidas');
  await expect(page.getByRole('row', { name: /Avisar al fontanero/ })).toBeVisible();

  // The high-risk figure opens the audit incidents filtered by the high risks.
  await page.goBack();
  await page.getByTestId('home-figure-high').click();
  await expect(page).toHaveURL(/\/incidents\/list\/audits\?risk=high&risk=IE&risk=P1$/);
  await expect(page.getByRole('row', { name: /Etiquetado de alérgenos/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Tabla de corte deteriorada/ })).toHaveCount(0);

  // A lab result out of limits opens its lab incident.
  await page.goBack();
  await lines(page, 'labOutOfLimits').filter({ hasText: 'Legionella spp.' }).click();
  await expect(page).toHaveURL(/\/incidents\/list\/lab-data\/[0-9a-f-]+$/);
  await expect(page.getByTestId('lab-incident-detail')).toBeVisible();

  // On a phone, nothing moves when the figures and the space's name arrive (decision 0103's layout
  // shift): the 30-day figures are held back, the hero and the figures' card measured while they
  // load, then again once shown.
  await page.setViewportSize(PHONE);
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/search-summary-from-client', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/home/client');
  const hero = page.locator('.home-hero');
  const summary = section(page, 'summary');
  await expect(summary.getByTestId('home-section-loading')).toBeVisible();
  await expect(hero).toContainText('Hotel Mar Azul');
  const loading = { hero: await hero.boundingBox(), summary: await summary.boundingBox() };
  await page.screenshot({ path: screenshotPath('home-client-390-loading') });
  release();
  await expectFilled(page, ['summary', 'finishedAudits', 'openIncidents', 'overdueTasks', 'pendingRegisters', 'labOutOfLimits']);
  expect(await hero.boundingBox()).toEqual(loading.hero);
  expect(await summary.boundingBox()).toEqual(loading.summary);
  await page.unroute('**/search-summary-from-client');
  await settled(page);
  await fitsPhone(page);
  await page.screenshot({ path: screenshotPath('home-client-390'), fullPage: true });
});

test('auditor home: the audits to run first, no lab data; an audit opens its preview, an incident its detail', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInToShell(page, 'auditor@demo.test');
  await expect(page).toHaveURL(/\/home\/auditor$/);
  await expectFilled(page, ['auditsToRun', 'finishedAudits', 'openIncidents', 'overdueTasks', 'pendingRegisters']);
  await expect(lines(page, 'auditsToRun').first()).toContainText('Hotel Mar Azul Valencia');
  await expect(lines(page, 'auditsToRun').first()).toContainText('Borrador');
  await settled(page);
  await page.screenshot({ path: screenshotPath('home-auditor-1366'), fullPage: true });

  await lines(page, 'auditsToRun').first().click();
  await expect(page.getByTestId('audit-preview')).toBeVisible();
  await expect(page.getByTestId('audit-start')).toBeVisible();

  await page.goto('/home/auditor');
  const incident = lines(page, 'openIncidents').first();
  const name = (await incident.locator('.home-line-title').textContent())!;
  await incident.click();
  await expect(page).toHaveURL(/\/incidents\/[0-9a-f-]+$/);
  await expect(page.getByTestId('incident-name')).toHaveText(name);

  // "See all" of the audits to run opens the planning list filtered by those statuses.
  await page.goBack();
  await page.getByTestId('home-see-all-auditsToRun').click();
  await expect(page).toHaveURL(/\/auditor\/audits\?status=draft&status=accepted&status=running$/);
  await expect(page.getByRole('row').filter({ hasText: 'Borrador' }).first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Finalizada' })).toHaveCount(0);

  await page.goto('/home/auditor');
  await page.setViewportSize(PHONE);
  await expectFilled(page, ['auditsToRun', 'finishedAudits', 'openIncidents', 'overdueTasks', 'pendingRegisters']);
  await settled(page);
  await fitsPhone(page);
  await page.screenshot({ path: screenshotPath('home-auditor-390'), fullPage: true });
});

test('kitchen staff home leads with the registers to fill; the keyboard opens one', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signInToShell(page, 'cocina@demo.test');
  await expect(page).toHaveURL(/\/home\/client$/);
  // No figures (no ANALYTICS:READ), no lab data (no lab permission): the registers come first.
  await expectFilled(page, ['pendingRegisters', 'finishedAudits', 'openIncidents', 'overdueTasks']);
  await expect(lines(page, 'pendingRegisters').filter({ hasText: 'Temperaturas de cámaras frigoríficas' })).toContainText(/tomas? pendientes?/);
  await settled(page);
  await fitsPhone(page);
  await page.screenshot({ path: screenshotPath('home-kitchen-390'), fullPage: true });

  // Tab reaches the first register's line from the section's "see all"; Enter opens its log.
  const first = lines(page, 'pendingRegisters').first();
  const name = (await first.locator('.home-line-title').textContent())!;
  await page.getByTestId('home-see-all-pendingRegisters').focus();
  await page.keyboard.press('Tab');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registers\/log\/[0-9a-f-]+$/);
  await expect(page.getByText(name).first()).toBeVisible();

  await page.goto('/home/client');
  await page.setViewportSize(DESKTOP);
  await expectFilled(page, ['pendingRegisters', 'finishedAudits', 'openIncidents', 'overdueTasks']);
  await settled(page);
  await page.screenshot({ path: screenshotPath('home-kitchen-1366'), fullPage: true });
});
