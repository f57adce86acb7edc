import type { Page } from 'playwright-core';
import type { TAudit } from '@audit/domain/audits';

/**
 * Serves `audit` for GET /audits/{id} and accepts every write on it (answers echo back with an id):
 * the run view without a server, for the run-view spec and the render bench.
 */
export async function serveAudit(page: Page, audit: TAudit) {
  let n = 0;
  // The answers' section and question, by id: an answer's call returns them (its contract, which the app checks).
  const placeOf = new Map<string, { section: string; question: string }>();
  await page.route(`**/ms-core/api/audits/${audit._id}**`, async (route) => {
    const request = route.request();
    if (request.method() === 'GET') return route.fulfill({ json: audit });
    const body = request.postDataJSON() as { templateAnswer?: unknown; section?: string; question?: string } | null;
    if (request.url().includes('/answer/')) {
      const named = request.url().match(/\/answer\/([^/?]+)/)?.[1];
      const _id = named && named !== 'add' ? named : `00000000-0000-4000-8fff-${String(++n).padStart(12, '0')}`;
      const place = body?.section && body.question ? { section: body.section, question: body.question } : placeOf.get(_id);
      if (place) placeOf.set(_id, place);
      return route.fulfill({
        json: { _id, ...place, templateAnswer: body?.templateAnswer, score: 1, failed: false, updatedAt: new Date().toISOString() },
      });
    }
    return route.fulfill({ status: 204 });
  });
}
