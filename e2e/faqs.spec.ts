import { expect, test } from '@playwright/test';
import { shoot, sidebar, signInToShell } from './helpers';

/**
 * FAQs (decision 0082): the administrator writes one in Spanish and English for clients, moves it
 * up with the keyboard-reachable arrow; the client finds it by searching in Spanish, and in English
 * once the language is switched.
 */
test('the administrator writes a FAQ in both languages; the client finds it in Spanish and in English', async ({ page, browser }) => {
  await signInToShell(page, 'admin@demo.test');
  await sidebar(page).getByRole('link', { name: 'Preguntas frecuentes' }).click();
  await expect(page).toHaveURL(/\/faqs-view-client$/);
  await page.getByRole('link', { name: 'Gestionar preguntas' }).click();
  await expect(page).toHaveURL(/\/settings\/faqs$/);
  await expect(page.getByTestId('faq-row').first()).toBeVisible();
  const before = await page.getByTestId('faq-row').count();

  await page.getByTestId('faq-new').click();
  // The open drawer (antd 6 has no .ant-drawer-content; closed drawers stay in the DOM).
  const drawer = page.locator('.ant-drawer-open .ant-drawer-section');
  await drawer.getByText('Clientes', { exact: true }).click();
  await expect(drawer.getByRole('radio', { name: 'Clientes' })).toBeChecked();
  await drawer.getByLabel('Pregunta (español)').fill('¿Cómo se limpia la campana extractora?');
  await drawer
    .getByLabel('Respuesta (español)')
    .fill('Con un **desengrasante** apto para cocinas:\n\n- desmonte los filtros,\n- déjelos en remojo,\n- aclare y seque.');
  await drawer.getByLabel('Pregunta (inglés)').fill('How is the extractor hood cleaned?');
  await drawer.getByLabel('Respuesta (inglés)').fill('With a kitchen **degreaser**:\n\n- remove the filters,\n- soak them,\n- rinse and dry.');
  // The preview shows the format as it will be read.
  await expect(drawer.locator('.faq-answer strong', { hasText: 'desengrasante' })).toBeVisible();
  await shoot(page, 'faqs-form');
  await drawer.getByTestId('detail-save').click();
  await expect(page.locator('.ant-drawer-open')).toHaveCount(0);

  const rows = page.getByTestId('faq-row');
  await expect(rows).toHaveCount(before + 1);
  await expect(rows.last()).toContainText('¿Cómo se limpia la campana extractora?');
  // Moved up one place by its arrow (the drag handle does the same with the keyboard).
  await page.getByRole('button', { name: 'Subir «¿Cómo se limpia la campana extractora?»' }).click();
  await expect(rows.nth(before - 1)).toContainText('¿Cómo se limpia la campana extractora?');
  await shoot(page, 'faqs-admin');

  const context = await browser.newContext({ locale: 'es-ES', viewport: { width: 1366, height: 900 } });
  const client = await context.newPage();
  await signInToShell(client, 'client@demo.test');
  await sidebar(client).getByRole('link', { name: 'Preguntas frecuentes' }).click();
  await expect(client.getByTestId('faq-accordion')).toBeVisible();
  // Accents and capitals aside: "CAMPANA extractora" finds it, and its answer opens.
  await client.getByTestId('list-search').fill('como se limpia la CAMPANA');
  const accordion = client.getByTestId('faq-accordion');
  await expect(accordion.locator('.ant-collapse-item')).toHaveCount(1);
  await expect(accordion).toContainText('¿Cómo se limpia la campana extractora?');
  await expect(accordion.locator('strong', { hasText: 'desengrasante' })).toBeVisible();
  await expect(accordion.locator('li')).toHaveCount(3);
  await shoot(client, 'faqs-client-es');

  await client.getByTestId('language-switch').click();
  await client.getByRole('menuitem', { name: 'English' }).click();
  await expect(client.getByRole('heading', { name: 'Frequently asked questions' })).toBeVisible();
  await expect(client.getByText('No question contains “como se limpia la CAMPANA”.')).toBeVisible();
  await client.getByTestId('list-search').fill('HOOD');
  await expect(accordion.locator('.ant-collapse-item')).toHaveCount(1);
  await expect(accordion).toContainText('How is the extractor hood cleaned?');
  await expect(accordion.locator('strong', { hasText: 'degreaser' })).toBeVisible();
  // Cleared, the list shows the client's FAQs and everyone's, not the auditors'.
  await client.getByTestId('list-search').fill('');
  await expect(accordion).toContainText('What is a hygiene audit?');
  await expect(accordion).not.toContainText('Can I audit offline?');
  await shoot(client, 'faqs-client-en');
  await context.close();
});

test("the auditor's view: the auditors' FAQs and everyone's, a missing English translation shown in Spanish", async ({ page }) => {
  await signInToShell(page, 'auditor@demo.test');
  await sidebar(page).getByRole('link', { name: 'Preguntas frecuentes' }).click();
  await expect(page).toHaveURL(/\/faqs-view$/);
  const accordion = page.getByTestId('faq-accordion');
  await expect(accordion).toContainText('¿Puedo auditar sin conexión?');
  await expect(accordion).toContainText('¿Qué es una auditoría de higiene?');
  await expect(accordion).not.toContainText('¿Cómo respondo a una incidencia?');
  // No "manage" button: the auditor role writes no FAQs.
  await expect(page.getByRole('link', { name: 'Gestionar preguntas' })).toHaveCount(0);
  await page.getByTestId('language-switch').click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await page.getByTestId('list-search').fill('temperatura');
  await expect(accordion.locator('.ant-collapse-item')).toHaveCount(1);
  await expect(accordion).toContainText('¿Cómo registro la temperatura de una cámara?');
  await expect(accordion).toContainText('Not translated: shown in Spanish');
  await shoot(page, 'faqs-auditor-en');
});
