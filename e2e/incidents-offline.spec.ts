import { expect, test } from '@playwright/test';
import { DESKTOP, PHONE, pageApi, screenshotPath, settled, signInToShell } from './helpers';
import { server } from './offline-support';
import { addPicture } from './run-helpers';

/**
 * Decision 0045: a photo is marked (arrow, circle) before it is saved, the original kept; the
 * client's manager, on a phone with the network cut, moves corrective actions, adds a marked photo
 * and a comment (decision 0054); the changes wait on the device with their Idempotency-Keys and go
 * once when the network returns;
 * a change the server refuses meanwhile (its action was removed) is shown, named.
 */
test.setTimeout(180_000);

type TTask = { _id: string; name: string; status: string; images: { _id: string; url: string; originalUrl: string; annotatedFileId: string | null }[] };
type TIncident = { _id: string; name: string; tasks: TTask[]; evidences: { url: string; originalUrl: string; annotatedFileId: string | null }[] };

test('marked photos; corrective actions moved and photographed, and a comment, offline, sent once when the network returns', async ({ page, browser }) => {
  // ── The auditor marks a photo of an incident on a desktop: arrow by dragging, circle from the keyboard ──
  await page.setViewportSize(DESKTOP);
  await signInToShell(page, 'admin@demo.test');
  const [incident] = await pageApi<{ _id: string; name: string }[]>(page, 'POST', '/ms-core/api/issues/search-issues', {
    size: 1,
    filters: [
      { field: 'kind', operator: 'eq', value: 'audits' },
      { field: 'status', operator: '$in', value: ['running'] },
    ],
  });
  expect(incident).toBeTruthy();
  await page.goto(`/incidents/${incident!._id}`);
  await page.getByRole('tab', { name: /Fotos|Photos/ }).click();
  await addPicture(page, page.getByTestId('evidence-photo'));
  const canvas = page.getByTestId('annotate-canvas');
  await expect(canvas).toBeVisible();
  // The dialog zooms in: drag only once the canvas has stopped moving (a box read mid-animation misses it).
  let box = (await canvas.boundingBox())!;
  await expect
    .poll(async () => {
      const now = (await canvas.boundingBox())!;
      const still = now.x === box.x && now.y === box.y && now.width === box.width && now.height === box.height;
      box = now;
      return still;
    })
    .toBe(true);
  await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.8);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.6, { steps: 5 });
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5, { steps: 5 });
  await page.mouse.up();
  await expect(canvas).toHaveAttribute('data-marks', '1');
  await page.getByTestId('annotate-tools').getByText('Círculo').click();
  await canvas.focus();
  await page.keyboard.press('Enter');
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
  await page.keyboard.press('+');
  await expect(canvas).toHaveAttribute('data-marks', '2');
  await expect(canvas).toHaveAccessibleName('Foto con 2 marcas');
  await settled(page);
  await page.screenshot({ path: screenshotPath('incidents-annotate-desktop') });
  await page.getByTestId('annotate-save').click();
  await expect(page.getByTestId('evidence-original').first()).toBeVisible();
  const marked = (await pageApi<TIncident>(page, 'GET', `/ms-core/api/issues/${incident!._id}`)).evidences.filter((e) => e.annotatedFileId);
  expect(marked.length).toBeGreaterThan(0);
  expect(marked[0]!.url).not.toBe(marked[0]!.originalUrl);

  // ── The client's manager, on a phone, opens the incident online with two actions of its own ──
  const phone = await browser.newContext({ viewport: PHONE, locale: 'es-ES', isMobile: true, hasTouch: true });
  const client = await phone.newPage();
  await signInToShell(client, 'client@demo.test');
  const fix = await pageApi<TTask>(client, 'POST', `/ms-core/api/issues/${incident!._id}/tasks`, { name: 'Cambiar la junta de la cámara' });
  const drain = await pageApi<TTask>(client, 'POST', `/ms-core/api/issues/${incident!._id}/tasks`, { name: 'Revisar el sumidero' });
  await client.goto(`/incidents/${incident!._id}`);
  const fixCard = client.getByTestId('task-card').filter({ hasText: fix.name });
  const drainCard = client.getByTestId('task-card').filter({ hasText: drain.name });
  await expect(fixCard).toBeVisible();
  await expect
    .poll(() =>
      client.evaluate(
        () =>
          new Promise<number>((done) => {
            const open = indexedDB.open('RunAudit');
            open.onsuccess = () => {
              const all = open.result.transaction('copies').objectStore('copies').getAllKeys();
              all.onsuccess = () => done(all.result.filter((k) => String(k).startsWith('incident:')).length);
            };
            open.onerror = () => done(0);
          }),
      ),
    )
    .toBe(1);

  // ── Network cut: the moves and the marked photo wait on the device ──
  await phone.setOffline(true);
  await fixCard.getByTestId('task-move-running').click();
  await expect(fixCard.getByTestId('task-status')).toHaveText('En curso');
  await addPicture(client, fixCard.getByTestId('task-photo'));
  const phoneCanvas = client.getByTestId('annotate-canvas');
  await expect(phoneCanvas).toBeVisible();
  await client.getByTestId('annotate-add').click();
  await expect(phoneCanvas).toHaveAttribute('data-marks', '1');
  await settled(client);
  await client.screenshot({ path: screenshotPath('incidents-annotate-phone') });
  await client.getByTestId('annotate-save').click();
  await expect(fixCard.getByTestId('task-image-waiting')).toHaveCount(1);
  await drainCard.getByTestId('task-move-running').click();
  await expect(drainCard.getByTestId('task-status')).toHaveText('En curso');
  // A comment on the incident waits too, shown last and marked as not sent.
  const note = 'Junta pedida al proveedor; la cambiamos el lunes';
  await client.getByRole('tab', { name: 'Comentarios' }).click();
  await client.getByTestId('comment-text').fill(note);
  await client.getByTestId('comment-add').click();
  const waitingComment = client.getByTestId('comment-waiting');
  await expect(waitingComment).toHaveCount(1);
  await expect(waitingComment).toContainText(note);
  await expect(waitingComment).toContainText('Sin enviar');
  await expect(waitingComment).toContainText('Carmen Cliente');
  await expect(client.getByTestId('comment-text')).toHaveValue('');
  // Status, original, marked copy, the photo tied to the action; the second action's status; the comment.
  await expect(client.getByTestId('incident-pending')).toContainText('6');
  await settled(client);
  await client.screenshot({ path: screenshotPath('incidents-offline-comment-phone'), fullPage: true });
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // On a phone the tab says "Acciones (n)" so the four tabs fit the width.
  await client.getByRole('tab', { name: /^Acciones \(\d+\)$/ }).click();
  await settled(client);
  await client.screenshot({ path: screenshotPath('incidents-offline-phone'), fullPage: true });
  expect(await client.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // Nothing reached the server.
  expect((await server<TTask>(client, 'GET', `/ms-core/api/tasks/${fix._id}`)).status).toBe('toDo');
  type TComment = { _id: string; text: string; author: { name: string } };
  const comments = () => server<TComment[]>(client, 'GET', `/ms-core/api/issues/${incident!._id}/comments`);
  expect((await comments()).filter((c) => c.text === note)).toHaveLength(0);

  // Meanwhile the company removes the second action: its move will be refused.
  await pageApi(page, 'DELETE', `/ms-core/api/tasks/${drain._id}`);

  // ── The network returns: sent once, the refusal named ──
  await phone.setOffline(false);
  await expect(client.getByTestId('incident-pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(fixCard.getByTestId('task-image')).toHaveCount(1);
  await expect(fixCard.getByTestId('task-status')).toHaveText('En curso');
  await expect(client.getByTestId('sync-failures')).toContainText('Revisar el sumidero');
  await settled(client);
  await client.screenshot({ path: screenshotPath('incidents-offline-synced-phone'), fullPage: true });

  // The comment was sent once, in the author's name, and shows as sent.
  expect((await comments()).filter((c) => c.text === note)).toMatchObject([{ author: { name: 'Carmen Cliente' } }]);
  await client.getByRole('tab', { name: 'Comentarios' }).click();
  await expect(client.getByTestId('comment-waiting')).toHaveCount(0);
  await expect(client.getByTestId('comment').filter({ hasText: note })).toHaveCount(1);
  await client.getByRole('tab', { name: /^Acciones \(\d+\)$/ }).click();

  const stored = await server<TTask>(client, 'GET', `/ms-core/api/tasks/${fix._id}`);
  expect(stored.status).toBe('running');
  expect(stored.images).toHaveLength(1);
  expect(stored.images[0]!.annotatedFileId).toBeTruthy();
  expect(stored.images[0]!.url).not.toBe(stored.images[0]!.originalUrl);
  await phone.close();
});
