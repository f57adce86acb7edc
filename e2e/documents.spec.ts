import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, settled, shoot, sidebar, signIn, signInToShell } from './helpers';

/**
 * Documents (decision 0088): the demo client opens /documentation from the sidebar (the demo's
 * amber and red certificates are tagged), uploads a certificate with an expiry date into
 * "Certificados" by the drop zone, sees it amber, previews it, and shares it with a colleague, who is
 * told in the bell. The reminders' sending is covered by the API test (documents.test.ts).
 */
test.setTimeout(240_000);

/** A one-page PDF that says `text`, with its cross-reference table, so the browser's viewer opens it. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 24 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
const NAME = `Certificado e2e ${Date.now().toString(36)}.pdf`;

test('a client uploads a certificate with an expiry and shares it; the colleague sees the bell', async ({ page, browser }) => {
  await page.setViewportSize(DESKTOP);
  await signInToShell(page, 'client@demo.test');
  await sidebar(page)
    .getByRole('link', { name: /^documentación$|^documentation$/i })
    .click();
  await expect(page).toHaveURL(/\/documentation$/);
  await expect(page.locator('[data-state="expiring"]').first()).toBeVisible();
  await expect(page.locator('[data-state="expired"]').first()).toBeVisible();
  await shoot(page, 'documents-list');

  await page.getByRole('menuitem', { name: /Certificados · Hotel Mar Azul/ }).click();
  const soon = new Date(Date.now() + 12 * 86400_000).toISOString().slice(0, 10);
  await page
    .getByLabel(/fecha de caducidad|expiry date/i)
    .first()
    .fill(soon);
  await page.keyboard.press('Enter');
  await page
    .locator('input[type=file]')
    .first()
    .setInputFiles({ name: NAME, mimeType: 'application/pdf', buffer: pdf('e2e') });
  // Done: the bar at 100 % turns into the success mark (the "100%" text shows only for a moment).
  const uploaded = page.getByTestId('upload-row').filter({ hasText: NAME });
  await expect(uploaded).toHaveAttribute('data-state', 'done');
  await expect(uploaded.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  const row = page.getByRole('row').filter({ hasText: NAME });
  await expect(row.locator('[data-state="expiring"]')).toBeVisible();
  await settled(page);
  await shoot(page, 'documents-uploaded');

  await row.getByText(NAME).click();
  const drawer = page.locator('.ant-drawer');
  await drawer
    .getByRole('button', { name: /vista previa|preview/i })
    .first()
    .click();
  await expect(page.getByTestId('document-preview')).toBeVisible();
  await shoot(page, 'documents-preview');
  // Closed by its button: the PDF viewer in the frame keeps the keyboard's Escape for itself.
  await page.locator('.ant-modal-close').click();
  await expect(page.getByTestId('document-preview')).toBeHidden();

  await drawer.getByRole('button', { name: /compartir|share/i }).click();
  const dialog = page
    .getByRole('dialog')
    .filter({ hasText: /compartir|share/i })
    .last();
  await dialog.getByLabel(/usuarios con los que compartir|users to share with/i).click();
  await page
    .getByTitle(/consultant@demo.test/)
    .first()
    .click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: /guardar|save/i }).click();
  await expect(drawer).toContainText(/compartido con|shared with/i);

  const context = await browser.newContext({ locale: 'es-ES', viewport: PHONE });
  const colleague = await context.newPage();
  await signIn(colleague, 'consultant@demo.test');
  // A member of two clients chooses one at sign-in: the document is Hotel Mar Azul's (preselected).
  const choice = colleague.getByTestId('structure-selection');
  await expect(choice.getByText('Hotel Mar Azul')).toBeVisible();
  await choice.getByRole('button', { name: 'Continuar' }).click();
  await expect(colleague.getByTestId('notifications-unread')).toBeVisible();
  await colleague.getByTestId('notifications-button').click();
  await expect(colleague.locator('.notification-item').filter({ hasText: NAME })).toBeVisible();
  await shoot(colleague, 'documents-shared-notice');
  await context.close();
});
