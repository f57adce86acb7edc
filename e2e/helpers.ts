import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Demo1234!';

/** Signs in through the form and waits for the shell (or the structure selection). */
export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel(/correo electrónico o usuario|e-mail or username/i).fill(username);
  await page.getByLabel(/^contraseña$|^password$/i).fill(password);
  await page.getByRole('button', { name: /^entrar$|^sign in$/i }).click();
}

export async function signInToShell(page: Page, username: string) {
  await signIn(page, username);
  await expect(page.getByTestId('menu-toggle')).toBeVisible();
  await expect(page.getByTestId('space-selector')).toBeVisible();
}

/** The sidebar's navigation (desktop sider or the phone drawer). */
export const sidebar = (page: Page) => page.getByRole('navigation', { name: /navegación principal|main navigation/i });

/** The labels of the top-level sidebar entries. */
export async function sidebarLabels(page: Page) {
  const menu = sidebar(page).getByRole('menu').first();
  await expect(menu).toBeVisible();
  return (await menu.locator(':scope > li').allInnerTexts()).map((text) => text.trim()).filter(Boolean);
}

export const screenshotPath = (name: string) => `.e2e-artifacts/screens/${name}.png`;

/**
 * Waits until no table or page is loading and no animation or transition is running (Ant Design's
 * motions are CSS ones, listed by document.getAnimations()); endless ones (a spinner) do not count.
 */
export async function settled(page: Page) {
  await expect(page.locator('.ant-spin-blur, .ant-spin-spinning')).toHaveCount(0);
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
}

/** A call with the page's session (the test's own set-up, not what the screen does). */
export async function pageApi<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ([method, path, body]) => {
      const headers: Record<string, string> = { authorization: `Bearer ${localStorage.getItem('accessToken')}`, 'client-date': new Date().toISOString() };
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
      return (text ? JSON.parse(text) : null) as T;
    },
    [method, path, body] as const,
  );
}
