import { expect, test, type BrowserContext, type Page, type Worker } from '@playwright/test';
import { signInToShell } from './helpers';

/**
 * The service worker of the app shell (apps/web/src/sw, docs/decisions/0011-service-worker.md): once
 * the app was loaded on the device, it opens with no network, deep links included.
 *
 * Going offline. context.setOffline(true) used not to reach a service worker's own fetches in
 * Chromium (microsoft/playwright#2311; the workaround was PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS
 * plus context.route aborting the worker's requests). Since service worker network inspection is on
 * by default (Playwright ≥ 1.48; 1.65 here), Chromium's offline emulation is applied to every
 * service worker target of the context as well (CRBrowserContext.doUpdateOffline → each worker's
 * updateOffline, also when a stopped worker starts again). The test does not take that on trust: it
 * asserts that a fetch made by the worker itself fails once offline, so a cached answer can only
 * come from the cache. Should that ever stop holding, the reliable fallback is
 * `context.route('**', (r) => r.request().serviceWorker() ? r.abort('internetdisconnected') : r.fallback())`
 * next to setOffline (context.route sees the worker's requests; page.route does not).
 *
 * A cold start offline boots the app from the cache; users/me cannot load, and the profile kept on
 * the device for this session (apps/web/src/session/offlineCopy.ts) stands in: the shell renders,
 * with a quiet offline mark in the header, never the "cannot connect" state. When the network
 * returns, the real users/me replaces the copy without a reload. Navigating inside the app offline
 * keeps the shell and loads lazy screens (the audit run) from the precache.
 */

const AUDITOR = 'auditor@demo.test';

async function waitForServiceWorker(page: Page): Promise<Worker> {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null), { timeout: 30_000, message: 'the service worker controls the page' })
    .toBe('activated');
  const worker = page
    .context()
    .serviceWorkers()
    .find((w) => w.url().endsWith('/sw.js'));
  return worker ?? page.context().waitForEvent('serviceworker', { predicate: (w) => w.url().endsWith('/sw.js') });
}

/** What a fetch made by the service worker itself (not through its cache) gives. */
const workerFetch = (worker: Worker) =>
  worker.evaluate(() =>
    fetch(`/favicon.svg?probe=${Date.now()}`, { cache: 'no-store' }).then(
      (r) => `online ${r.status}`,
      () => 'offline',
    ),
  );

/** Any audit of the demo data the auditor sees (read with the stored token, while online). */
async function someAuditId(page: Page): Promise<string> {
  const id = await page.evaluate(async () => {
    const response = await fetch('/ms-core/api/audits/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('accessToken')}` },
      body: JSON.stringify({ size: 1, page: 0, filters: [] }),
    });
    const items = (await response.json()) as { _id: string }[];
    return items[0]?._id ?? null;
  });
  expect(id, 'the demo data holds an audit for the auditor').toBeTruthy();
  return id!;
}

/** A client-side navigation (no page load), as a link of the app would do. */
const navigateInApp = (page: Page, path: string) =>
  page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);

/** The shell rendered with the signed-in user: never the browser's offline page, a failed chunk or the session's error state. */
async function expectShell(page: Page) {
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
  await expect(page.getByTestId('user-menu')).toContainText(AUDITOR);
  await expect(page.getByText(/Unexpected Application Error/i)).toHaveCount(0);
}

const isUsersMe = (url: string) => new URL(url).pathname === '/ms-core/api/users/me';

async function goOffline(context: BrowserContext, page: Page, worker: Worker) {
  await context.setOffline(true);
  expect(await page.evaluate(() => navigator.onLine)).toBe(false);
  expect(await workerFetch(worker), 'the service worker itself is offline too').toBe('offline');
}

test.describe('offline app shell', () => {
  test('API calls are never answered by the service worker', async ({ page }) => {
    await signInToShell(page, AUDITOR);
    await waitForServiceWorker(page);
    const me = page.waitForResponse((r) => r.url().endsWith('/ms-core/api/users/me'));
    await page.evaluate(() => fetch('/ms-core/api/users/me', { headers: { authorization: `Bearer ${localStorage.getItem('accessToken')}` } }));
    expect((await me).fromServiceWorker()).toBe(false);
    // Requests the worker lets through stay the page's own: page.route still sees them.
    await page.route('**/ms-core/api/sw-probe', (route) => route.fulfill({ json: { routed: true } }));
    expect(await page.evaluate(() => fetch('/ms-core/api/sw-probe').then((r) => r.json()))).toEqual({ routed: true });
    // The shell itself is served by the worker once it controls the page.
    const reload = await page.reload();
    expect(reload?.fromServiceWorker()).toBe(true);
    await expect(page.getByTestId('menu-toggle')).toBeVisible();
  });

  test('once loaded, the app opens with no network, deep links included, and recovers online', async ({ page, context }) => {
    await signInToShell(page, AUDITOR);
    const worker = await waitForServiceWorker(page);
    expect(await workerFetch(worker)).toBe('online 200');
    const auditId = await someAuditId(page);
    const runPath = `/auditor/audits/run/${auditId}`;

    await goOffline(context, page, worker);

    // Inside the running app: the lazy screens load from the precache, the shell stays.
    await page
      .getByRole('navigation', { name: /navegación principal/i })
      .getByRole('link', { name: 'Auditorías', exact: true })
      .click();
    await expect(page).toHaveURL(/\/auditor\/audits$/);
    await expect(page.getByTestId('menu-toggle')).toBeVisible();
    await navigateInApp(page, runPath);
    await expect(page).toHaveURL(new RegExp(`${runPath}$`));
    await expectShell(page);

    // Page loads with no network (cold starts): reload, and deep links opened directly (the run
    // page was never loaded online on this device). users/me fails; the kept profile stands in.
    const meFailures: string[] = [];
    page.on('requestfailed', (request) => {
      if (isUsersMe(request.url())) meFailures.push(request.failure()?.errorText ?? 'failed');
    });
    const reloaded = await page.reload();
    expect(reloaded?.fromServiceWorker()).toBe(true);
    await expectShell(page);
    for (const path of ['/auditor/audits', runPath]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      expect(response?.fromServiceWorker()).toBe(true);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectShell(page);
      // The header says so quietly (the run page shows its own connectivity status instead).
      if (path === '/auditor/audits') await expect(page.getByTestId('shell-offline')).toBeVisible();
    }
    expect(meFailures.length, 'users/me was really tried, and failed, offline').toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('accessToken')), 'still signed in').toBeTruthy();

    // Back online: the real users/me replaces the kept one without a reload, the shell stays.
    const realMe = page.waitForResponse((r) => isUsersMe(r.url()) && r.status() === 200);
    await context.setOffline(false);
    expect(await workerFetch(worker)).toBe('online 200');
    expect((await realMe).fromServiceWorker()).toBe(false);
    await expectShell(page);
    await expect(page).toHaveURL(new RegExp(`${runPath}$`));
    await page
      .getByRole('navigation', { name: /navegación principal/i })
      .getByRole('link', { name: 'Auditorías', exact: true })
      .click();
    await expect(page).toHaveURL(/\/auditor\/audits$/);
    await expect(page.getByTestId('shell-offline')).toHaveCount(0);
  });
});
