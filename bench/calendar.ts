import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { chromium } from 'playwright-core';
import { DEFAULT_TIME_ZONE, todayInZone } from '@audit/domain/dates';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { DEMO_PASSWORD, seedDemo } from '../apps/server/src/seed/demo.js';
import { startBareFastify } from './anchors.js';
import { apiOf } from './audits.js';
import { measureRequests, startServer, type TRequest } from './lib.js';
import { seedLists } from './lists.js';

/**
 * The visits calendar (decision 0087): the month of one office with 2,000 visits (among 10,000
 * audits over two years), as the month view asks for it (GET /calendar/visits, the month grid's
 * six weeks), median of three rounds of 20 sequential requests, beside a bare Fastify route
 * sending the same JSON (the anchor: what any route costs on this machine now). Goal < 100 ms.
 * Then the /calendar page in Chromium (built app): navigation to the month grid painted with its visits. Goal < 1 s.
 */
const TOTAL = 10_000;
const IN_MONTH = 2_000;
const PER_ROUND = 20;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function benchCalendar(engine: 'pglite' | 'postgres') {
  const dist = new URL('../apps/web/dist/index.html', import.meta.url);
  if (!existsSync(dist)) spawnSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: new URL('..', import.meta.url).pathname });
  const server = await startServer(engine, { serveWeb: true });
  try {
    await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
    await seedLists(server.db, 0, TOTAL);
    const month = todayInZone(DEFAULT_TIME_ZONE).slice(0, 7);
    // 2,000 of them this month (planned and done), the rest spread over the two years before.
    await unsafeUnscoped(server.db, async (tx) => {
      await tx.execute(sql`
        with numbered as (select id, row_number() over (order by id) as n from audits where template_name like 'Higiene %')
        update audits a set
          date_from = case when n <= ${IN_MONTH} then ${`${month}-01`}::timestamptz + ((n % 28) * interval '1 day') else timestamptz '2024-01-01' + ((n % 700) * interval '1 day') end,
          start_date = timestamptz '2024-01-01'
        from numbered where a.id = numbered.id`);
      await tx.execute(sql`update audits set date_to = date_from + interval '1 day' - interval '1 millisecond' where template_name like 'Higiene %'`);
      await tx.execute(sql`analyze audits`);
    });
    const token = await apiOf(server.base).signin('admin@demo.test');
    const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' };
    const first = `${month}-01`;
    const path = `/ms-core/api/calendar/visits?from=${first}&to=${month}-28`;
    const answer = await fetch(`${server.base}${path}`, { headers });
    if (!answer.ok) throw new Error(`calendar answered ${answer.status}`);
    const json = (await answer.json()) as { items: unknown[] };
    const bare = await startBareFastify(json);
    const call: number[] = [];
    const anchor: number[] = [];
    const requests: TRequest[] = Array.from({ length: PER_ROUND }, () => ({ path, headers }));
    for (let round = 0; round < 3; round++) {
      call.push((await measureRequests(server.base, requests, { concurrency: 1 })).medianMs);
      anchor.push((await bare.measure(headers, { concurrency: 1 })).medianMs);
    }
    await bare.stop();
    const render = await renderMs(server.base, IN_MONTH);
    return {
      visits: { count: json.items.length },
      calendar_month_2000: { medianMs: median(call), goalMs: 100, bareRouteMs: median(anchor), ratio: Math.round((median(call) / median(anchor)) * 10) / 10 },
      calendar_page_render: { ms: Math.round(render), goalMs: 1000 },
    };
  } finally {
    await server.stop();
  }
}

/** Signed in as the administrator, /calendar loaded in full until its visits are painted (median of 3). */
async function renderMs(base: string, visits: number) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1366, height: 768 }, locale: 'es-ES', baseURL: base })).newPage();
    await page.goto('/login');
    await page.getByLabel(/correo electrónico o usuario/i).fill('admin@demo.test');
    await page.getByLabel(/^contraseña$/i).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: /^entrar$/i }).click();
    await page.getByTestId('menu-toggle').waitFor();
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto('/calendar');
      await page
        .waitForFunction((n) => Number(document.querySelector('.visits-grid')?.getAttribute('data-visits') ?? 0) >= n, visits, { timeout: 60_000 })
        .catch(async (error: unknown) => {
          // Say what the page showed instead (an access page, fewer visits), with its picture.
          const shown = await page
            .locator('.visits-grid')
            .getAttribute('data-visits')
            .catch(() => null);
          const picture = '.e2e-artifacts/calendar-bench-timeout.png';
          await page.screenshot({ path: picture });
          throw new Error(`the calendar showed ${shown ?? 'no grid and no'} visits, not ${visits} (see ${picture}): ${String(error)}`);
        });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
      times.push(await page.evaluate(() => performance.now()));
    }
    return median(times);
  } finally {
    await browser.close();
  }
}
