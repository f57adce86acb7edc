import { expect, type Locator, type Page } from '@playwright/test';

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
  // A pending badge's count follows its label (registers): no label ends in a number, so it is dropped.
  return (await menu.locator(':scope > li').allInnerTexts()).map((text) => text.trim().replace(/\s*\d+$/, '')).filter(Boolean);
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

/** The screen sizes the specs look at: a desktop and a phone (390 px wide). */
export const DESKTOP = { width: 1366, height: 900 };
export const PHONE = { width: 390, height: 844 };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Opens an Ant Design select (`field`: its input, found by label) and clicks the first option
 * whose text starts with `option`, or (`exact`) whose title is exactly `option`. The dropdown is
 * looked up among the visible ones, since antd renders it at the end of the body.
 */
export async function pick(page: Page, field: Locator, option: string, { exact = false } = {}) {
  await field.click();
  // This select's own list (its input names it in aria-controls): a list still closing from the
  // select before also matches ':visible', and its option would be clicked instead.
  const listId = await field.getAttribute('aria-controls').catch(() => null);
  const dropdown = listId
    ? page.locator('.ant-select-dropdown:visible').filter({ has: page.locator(`[id="${listId}"]`) })
    : page.locator('.ant-select-dropdown:visible');
  const choice = exact
    ? dropdown.getByTitle(option, { exact: true })
    : dropdown.locator('.ant-select-item-option').filter({ hasText: new RegExp(`^${escapeRegExp(option)}`) });
  // A bound on the wait: an option that never shows fails here, naming it, not at the test's end.
  // A list closed under the pointer (its select re-rendered as data arrived: seen on a loaded
  // machine) is opened again, as a person would, up to three times.
  for (let attempt = 1; ; attempt++) {
    try {
      await choice.first().click({ timeout: attempt < 3 ? 20_000 : 60_000 });
      return;
    } catch (error) {
      if (attempt >= 3) throw error;
      if (!(await dropdown.isVisible())) await field.click();
    }
  }
}

/**
 * Picks the node titled exactly `title` in an antd TreeSelect. The field is clicked again until its
 * tree list is open (a click while another list is still closing can be swallowed), and the node is
 * looked up in that open tree only: the Select opened before may list the same name ("Cocina" is
 * both an area and a category).
 */
export async function pickTreeNode(page: Page, field: Locator, title: string) {
  const tree = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree').last();
  await expect(async () => {
    if (!(await tree.isVisible())) await field.click();
    await expect(tree.getByTitle(title, { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await tree.getByTitle(title, { exact: true }).click();
  await expect(tree).toBeHidden();
}

/**
 * `pick` on a single-choice Select (the element holding `.ant-select`), repeated until the Select
 * shows the option: a click while its options were still loading is lost.
 */
export async function pickSingle(page: Page, select: Locator, option: string) {
  await expect(async () => {
    await pick(page, select.locator('input'), option);
    await expect(select).toContainText(option, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

/** `pick` on the select labelled exactly `label` inside the open dialog (the wizard, the forms). */
export const pickInDialog = (page: Page, label: string, option: string) => pick(page, page.getByRole('dialog').getByLabel(label, { exact: true }), option);

/**
 * A screenshot of the page at the desktop size and at the phone size (`{name}-desktop`,
 * `{name}-phone`), each once the page has settled; the page is left at the desktop size.
 */
export async function shoot(page: Page, name: string, { fullPage = false } = {}) {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await settled(page);
    await page.screenshot({ path: screenshotPath(`${name}-${size}`), fullPage });
  }
  await page.setViewportSize(DESKTOP);
}
