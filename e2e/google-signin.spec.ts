import { mkdirSync } from 'node:fs';
import net from 'node:net';
import { expect as baseExpect, test, type Browser } from '@playwright/test';
import { startOidcProvider, type TTestProvider } from '../apps/server/src/test/oidc-provider';
import { screenshotPath, settled } from './helpers';
import { startOwnServer, type TOwnServer } from './own-server';

/**
 * Google sign-in (issue 17, decision 0046) against a real OpenID Connect provider on loopback (npm
 * `oidc-provider`, standing in for Google): the button shows only when the server is configured;
 * a person goes to the provider, signs in there, comes back and lands in the app with the account
 * of the verified e-mail; an e-mail without an account is told so.
 */
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };
const expect = baseExpect.configure({ timeout: 30_000 });

let server: TOwnServer;
let provider: TTestProvider;

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = net.createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  mkdirSync('.e2e-artifacts/screens', { recursive: true });
  // The provider must know the address it sends people back to, so the server's port is chosen first.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  provider = await startOidcProvider({
    clients: ['audit-web'],
    redirectUri: `${origin}/login/google`,
    accounts: {
      admin: { email: 'admin@demo.test', email_verified: true, given_name: 'Admin' },
      stranger: { email: 'stranger@example.com', email_verified: true },
    },
  });
  server = await startOwnServer({
    port,
    env: { PUBLIC_URL: origin, GOOGLE_CLIENT_ID: 'audit-web', GOOGLE_ISSUER: provider.issuer },
    timeoutMs: 220_000,
  });
});
test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

const browse = async (browser: Browser, baseURL: string, viewport = DESKTOP) => {
  const context = await browser.newContext({ locale: 'es-ES', baseURL, viewport, isMobile: viewport === PHONE, hasTouch: viewport === PHONE });
  return { context, page: await context.newPage() };
};

test('without Google configured, the sign-in page has no Google button', async ({ page }) => {
  const providers = page.waitForResponse((res) => res.url().endsWith('/auth/api/social-signin/providers'));
  await page.goto('/login');
  expect(await (await providers).json()).toEqual({ google: false });
  await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toHaveCount(0);
});

test('a user signs in with Google at the loopback provider and lands in the app', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, context } = await browse(browser, server.baseUrl);
  await page.goto('/login');
  const google = page.getByRole('button', { name: 'Continuar con Google' });
  await expect(google).toBeVisible();
  await settled(page);
  await page.screenshot({ path: screenshotPath('google-login-desktop') });
  await google.click();

  // The provider's own pages: sign in as "admin" (admin@demo.test, verified), then consent.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.locator('input[name=login]').fill('admin');
  await page.locator('input[name=password]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByTestId('space-selector')).toContainText('Higiene Demo');
  expect(new URL(page.url()).hash).toBe('');
  expect(await page.evaluate(() => sessionStorage.getItem('ways.google'))).toBeNull();
  await settled(page);
  await page.screenshot({ path: screenshotPath('google-signed-in-desktop') });
  await context.close();
});

test('an e-mail without an account is told so, on a phone, and goes back to sign-in', async ({ browser }) => {
  test.setTimeout(120_000);
  const { page, context } = await browse(browser, server.baseUrl, PHONE);
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Continuar con Google' })).toBeVisible();
  await settled(page);
  await page.screenshot({ path: screenshotPath('google-login-phone'), fullPage: true });
  await page.getByRole('button', { name: 'Continuar con Google' }).click();
  await page.locator('input[name=login]').fill('stranger');
  await page.locator('input[name=password]').fill('any');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByTestId('google-error')).toContainText('Ninguna cuenta usa este correo de Google');
  await settled(page);
  await page.screenshot({ path: screenshotPath('google-no-account-phone') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await page.getByRole('button', { name: 'Volver al inicio de sesión' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // A return address opened again (the token replayed from the history) signs nobody in.
  await page.goto('/login/google#id_token=x.y.z&state=forged');
  await expect(page.getByTestId('google-error')).toContainText('no se empezó en esta pestaña');
  await context.close();
});
