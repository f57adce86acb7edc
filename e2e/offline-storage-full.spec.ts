import { expect, test, type BrowserContext } from '@playwright/test';
import type { TAudit } from '@audit/domain/audits';
import { readStore, server } from './offline-support';
import { card, DESKTOP, option, signInAsAuditor, startHygieneAudit } from './run-helpers';
import { screenshotPath } from './helpers';

/**
 * A device out of space (src/offline/storageSpace.ts, docs/decisions/0066). The page's IndexedDB is
 * made to refuse every write with QuotaExceededError, and the storage estimate to say 1 MB is left,
 * while the flag `e2e-storage-full` is set in localStorage (shared by the tabs, kept over reloads).
 */
const FULL_FLAG = 'e2e-storage-full';

function fillStorageWhenFlagged(context: BrowserContext) {
  return context.addInitScript((flag) => {
    const full = () => localStorage.getItem(flag) === '1';
    const refuse = (name: 'add' | 'put' | 'delete') => {
      const original = IDBObjectStore.prototype[name] as (...args: unknown[]) => IDBRequest;
      IDBObjectStore.prototype[name] = function (this: IDBObjectStore, ...args: unknown[]) {
        if (full()) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        return original.apply(this, args);
      } as never;
    };
    (['add', 'put', 'delete'] as const).forEach(refuse);
    const estimate = StorageManager.prototype.estimate;
    StorageManager.prototype.estimate = function (this: StorageManager) {
      return full() ? Promise.resolve({ quota: 200 * 1024 * 1024, usage: 199 * 1024 * 1024 }) : estimate.call(this);
    };
  }, FULL_FLAG);
}

test('a full device says so, keeps nothing it could not store, and a replay it could not clean up resumes by itself, each change applied once', async ({
  page,
  context,
}) => {
  test.setTimeout(150_000);
  await fillStorageWhenFlagged(context);
  await page.setViewportSize(DESKTOP);
  const auditId = await startHygieneAudit(page, await signInAsAuditor(page));
  await page.goto(`/auditor/audits/run/${auditId}`);
  await expect(page.locator('.run-header')).toContainText('En curso');
  const audit = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const selects = audit.sections.filter((s) => s.type === 'QUESTION').flatMap((s) => s.questions.filter((q) => q.type === 'select' && !q.select?.multiselect));
  await expect.poll(async () => (await readStore(page, 'copies')).map((c) => c.resource), { timeout: 30_000 }).toContain(`audit:${auditId}`);

  // Every answer write the server receives, with its idempotency key.
  const writes: string[] = [];
  await context.route('**/ms-core/api/audits/**/answer/**', async (route) => {
    writes.push(route.request().headers()['idempotency-key'] ?? '');
    await route.fallback();
  });

  // 1. Offline with the device full: the answer cannot be kept. Said so, in Spanish, with what to do; not shown as saved.
  await page.evaluate((flag) => localStorage.setItem(flag, '1'), FULL_FLAG);
  await context.setOffline(true);
  const [first, second, third] = [selects[0]!, selects[1]!, selects[2]!];
  await option(card(page, first.name), 'Conforme').click({ timeout: 10_000 });
  await expect(page.getByText('Este dispositivo no tiene espacio para guardar el cambio: no se ha guardado.', { exact: false })).toBeVisible({
    timeout: 10_000,
  });
  await expect(page.getByText('No se puede conectar con el servidor')).toHaveCount(0);
  await expect(option(card(page, first.name), 'Conforme')).not.toBeChecked();
  await expect(page.getByTestId('run-pending')).toHaveCount(0);
  // The header does not say "Guardado" over a change that was rolled back.
  await expect(page.getByTestId('run-saving-state')).toContainText('Sin guardar', { timeout: 10_000 });
  const banner = page.getByTestId('storage-low');
  await expect(banner).toContainText('Queda poco espacio en este dispositivo', { timeout: 10_000 });
  await expect(banner).toContainText('Quedan 1 MB para esta aplicación.');
  await expect(banner).toContainText('sincronice ahora con conexión y libere espacio');
  await page.screenshot({ path: screenshotPath('offline-storage-full-desktop') });

  // 2. Space back: three answers are kept on the device.
  await page.evaluate((flag) => localStorage.removeItem(flag), FULL_FLAG);
  for (const q of [first, second, third]) await option(card(page, q.name), 'No conforme').click({ timeout: 10_000 });
  await expect(page.getByTestId('run-pending')).toHaveText('3 cambios pendientes', { timeout: 10_000 });
  expect(await readStore(page, 'queries')).toHaveLength(3);

  // 3. Full again when the network returns: the server applies the three, the device cannot delete them.
  await page.evaluate((flag) => localStorage.setItem(flag, '1'), FULL_FLAG);
  await context.setOffline(false);
  await expect.poll(() => writes.length, { timeout: 30_000 }).toBe(3);
  await page.waitForTimeout(12_000);
  expect(await readStore(page, 'queries')).toHaveLength(3);

  // 4. Space freed: the queue empties by itself (no Sync now), nothing is sent a second time.
  await page.evaluate((flag) => localStorage.removeItem(flag), FULL_FLAG);
  await expect(page.getByTestId('run-pending')).toHaveCount(0, { timeout: 30_000 });
  expect(await readStore(page, 'queries')).toEqual([]);
  expect(writes).toHaveLength(3);
  expect(new Set(writes).size).toBe(3);
  const saved = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const answered = saved.sections.flatMap((s) => s.questions).filter((q) => [first._id, second._id, third._id].includes(q._id));
  expect(answered.map((q) => q.select?.options.find((o) => o._id === (q.answer?.templateAnswer as { select?: string[] })?.select?.[0])?.label)).toEqual([
    'No conforme',
    'No conforme',
    'No conforme',
  ]);
  await expect(option(card(page, first.name), 'No conforme')).toBeChecked();
});

test('the same message in English', async ({ page, context }) => {
  test.setTimeout(120_000);
  await fillStorageWhenFlagged(context);
  await page.setViewportSize({ width: 390, height: 844 });
  const auditId = await startHygieneAudit(page, await signInAsAuditor(page));
  await page.evaluate(() => localStorage.setItem('language', 'en'));
  await page.goto(`/auditor/audits/run/${auditId}`);
  await expect(page.locator('.run-header')).toContainText('In progress', { timeout: 30_000 });
  const audit = await server<TAudit>(page, 'GET', `/ms-core/api/audits/${auditId}`);
  const select = audit.sections
    .filter((s) => s.type === 'QUESTION')
    .flatMap((s) => s.questions.filter((q) => q.type === 'select' && !q.select?.multiselect))[0]!;
  await page.evaluate((flag) => localStorage.setItem(flag, '1'), FULL_FLAG);
  await context.setOffline(true);
  await card(page, select.name).getByRole('radio').first().click({ timeout: 10_000 });
  await expect(page.getByText('This device has no space left to keep the change: it was not saved.', { exact: false })).toBeVisible({ timeout: 10_000 });
  await expect(card(page, select.name).getByRole('radio').first()).not.toBeChecked();
  await expect(page.getByTestId('storage-low')).toContainText('This device is running out of space');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotPath('offline-storage-full-phone-en') });
});
