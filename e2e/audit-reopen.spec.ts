import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { TAudit } from '@audit/domain/audits';
import type { TIncidentOut } from '@audit/domain/incidents';
import { DESKTOP, pageApi, PHONE, screenshotPath, settled, signInToShell } from './helpers';

/**
 * Issue 23 §2 (decision 0063): reopening a finished audit deletes nothing. The confirmation says
 * so; an old link to one of its incidents (from an e-mail or the bell) still opens it, superseded,
 * read only, with the line saying by which reopen.
 */
test.setTimeout(180_000);
test.beforeAll(() => mkdirSync('.e2e-artifacts/screens', { recursive: true }));

test('reopening an audit keeps its incidents: the old link opens the incident, superseded by the reopen', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signInToShell(page, 'admin@demo.test');
  // The set-up reads which open incident of a finished audit an e-mail would have linked to.
  const incidents = await pageApi<TIncidentOut[]>(page, 'POST', '/ms-core/api/issues/search-issues', { size: 50, page: 0 });
  let target: TIncidentOut | undefined;
  for (const incident of incidents.filter((i) => i.auditId && i.status === 'escalated_to_client')) {
    const audit = await pageApi<TAudit>(page, 'GET', `/ms-core/api/audits/${incident.auditId}`);
    if (audit.status === 'finished') target = incident;
  }
  expect(target, 'the demo data holds an escalated incident of a finished audit').toBeTruthy();
  const incident = target!;

  // The confirmation says that nothing is deleted.
  await page.goto(`/auditor/audits?audit=${incident.auditId}`);
  await page.getByTestId('audit-reopen').click({ timeout: 30_000 });
  const dialog = page.getByRole('dialog', { name: '¿Reabrir la auditoría?' });
  await expect(dialog, 'the reopen confirmation').toContainText('No se borra nada', { timeout: 10_000 });
  await expect(dialog).toContainText('se conservan como «Sustituidas»');
  await settled(page);
  await page.screenshot({ path: screenshotPath('audit-reopen-confirm-desktop') });
  const reopened = page.waitForResponse((r) => r.url().endsWith(`/audits/${incident.auditId}/reopen`) && r.ok(), { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Reabrir' }).click({ timeout: 10_000 });
  await reopened;

  // The old link still opens the incident: superseded by this reopen, read only.
  await page.goto(`/incidents/${incident._id}`);
  await expect(page.getByTestId('incident-name'), 'the old link opens the incident').toHaveText(incident.name, { timeout: 30_000 });
  const line = page.getByTestId('incident-superseded');
  await expect(line, 'the superseded line').toContainText('Sustituida al reabrir su auditoría el', { timeout: 10_000 });
  await expect(line).toContainText('Ana Administradora');
  await expect(line).toContainText('La auditoría aún no se ha vuelto a finalizar');
  await expect(page.getByText('Sustituida', { exact: true }).first()).toBeVisible();
  await expect(page.getByTestId('incident-edit')).toHaveCount(0);
  await expect(page.locator('[data-testid^="move-"]')).toHaveCount(0);
  // No "Ver auditoría": the reopened audit's report is not the one this incident came from.
  await expect(page.getByRole('button', { name: 'Ver auditoría' })).toHaveCount(0);
  await settled(page);
  await page.screenshot({ path: screenshotPath('incident-superseded-desktop'), fullPage: true });
  await page.setViewportSize(PHONE);
  await settled(page);
  await page.screenshot({ path: screenshotPath('incident-superseded-phone'), fullPage: true });

  // Still findable in the list by its status.
  const superseded = await pageApi<TIncidentOut[]>(page, 'POST', '/ms-core/api/issues/search-issues', {
    filters: [{ field: 'status', operator: 'eq', value: 'superseded' }],
    size: 50,
    page: 0,
  });
  expect(superseded.map((i) => i._id)).toContain(incident._id);
});
