import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { screenshotPath, settled, signInToShell } from './helpers';
import { startOwnServer, type TOwnServer } from './own-server';

/**
 * A new release while the app is open (apps/web/src/sw/updates.ts): the browser finds a new sw.js,
 * the new worker installs and waits, the shell offers it, and only when the user asks does it take
 * over and the page reload. The spec deploys the "new release" on a server of its own: the same build
 * with a different sw.js, which is what a deploy changes (its precache list and version).
 */
let server: TOwnServer;
test.beforeAll(async () => {
  test.setTimeout(120_000);
  server = await startOwnServer();
});
test.afterAll(async () => server?.stop());

test('a new release is offered, held while offline, and applied with a reload when the user asks', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server.baseUrl, locale: 'es-ES', viewport: { width: 1366, height: 768 } });
  const page = await context.newPage();
  await signInToShell(page, 'auditor@demo.test');
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 30_000, message: 'the service worker controls the page' })
    .toBe('activated');
  const prompt = page.getByTestId('app-update');
  await expect(prompt).toHaveCount(0);

  // The deploy; then what the app does every 30 minutes and when the network returns.
  // A build writes its compressed copies too (compress-plugin.ts), which the server prefers.
  const sw = join(server.webDist, 'sw.js');
  appendFileSync(sw, '\n// the next release\n');
  writeFileSync(`${sw}.br`, brotliCompressSync(readFileSync(sw)));
  writeFileSync(`${sw}.gz`, gzipSync(readFileSync(sw)));
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((registration) => registration?.update()));
  await expect(prompt).toContainText('Hay una nueva versión de la aplicación.', { timeout: 30_000 });
  const apply = prompt.getByRole('button', { name: 'Actualizar' });
  await settled(page);
  await page.screenshot({ path: screenshotPath('app-update-desktop') });

  // Not while offline: the page would reload with no network.
  await context.setOffline(true);
  await expect(apply).toBeDisabled();
  await context.setOffline(false);
  await expect(apply).toBeEnabled();

  const reloaded = page.waitForEvent('load');
  await apply.click();
  await reloaded;
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  expect(
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => ({ waiting: Boolean(r?.waiting), active: r?.active?.state ?? null }))),
  ).toEqual({ waiting: false, active: 'activated' });
  await context.close();
});
