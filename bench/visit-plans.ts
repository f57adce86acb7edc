import { sql } from 'drizzle-orm';
import { planContract } from '../packages/domain/src/visit-plans/spread.js';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { apiOf } from './audits.js';
import { startServer } from './lib.js';

/**
 * Decision 0089's goal: a year's plan for 500 active contracts in under 5 s. The demo's Hotel Mar
 * Azul (two establishments with their own visit windows) gets 500 active contracts of three lines
 * (12 + 6 + 4 visits a year, 11,000 planned visits in all), written through SQL; then, as the office
 * does, POST /visit-plans/generate-year through HTTP as the demo administrator (reads the
 * establishments, locks the contracts, spreads and writes in one transaction): its time is the
 * line. Then the same again (idempotent: nothing new is written), the 500 one request each
 * (POST /visit-plans/generate, for reference), and the pure spreading of the 500 alone.
 * BENCH_PLAN_CONTRACTS (500) changes the count.
 */
const CONTRACTS = Number(process.env.BENCH_PLAN_CONTRACTS ?? 500);
const progress = (what: string) => process.stderr.write(`[visit-plans bench] ${what}\n`);

export async function benchVisitPlans(engine: 'pglite' | 'postgres') {
  const server = await startServer(engine);
  try {
    await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
    const year = new Date().getUTCFullYear();
    const ids = await unsafeUnscoped(server.db, async (tx) => {
      const hotel = (await tx.execute<{ id: string; path: string }>(sql`select id, secure_space_path as path from spaces where identifier = 'hotel-mar-azul'`))
        .rows[0]!;
      const contracts = await tx.execute<{ id: string }>(sql`
        insert into service_contracts (space_id, secure_space_path, reference, status, start_date, end_date, total_cents)
        select ${hotel.id}::uuid, ${hotel.path}, 'BENCH-' || n, 'ACTIVE', ${`${year}-01-01`}::date, ${`${year}-12-31`}::date, 0
        from generate_series(1, ${CONTRACTS}::int) n returning id`);
      await tx.execute(sql`
        insert into service_contract_lines (space_id, secure_space_path, contract_id, position, service_id, service_name, quantity, unit_price_cents, group_iva)
        select c.space_id, c.secure_space_path, c.id, l.position, l.service_id, l.service_name, l.quantity, l.unit_price_cents, l.group_iva
        from service_contracts c
        cross join (select position, service_id, service_name, quantity, unit_price_cents, group_iva from service_contract_lines
                    where contract_id = (select id from service_contracts where reference = ${`MAR-${year}`})) l
        where c.reference like 'BENCH-%'`);
      return contracts.rows.map((r) => r.id);
    });
    progress(`${ids.length} contracts seeded`);
    const api = apiOf(server.base);
    const token = await api.signin('admin@demo.test');
    // As the office does each January: one request for every active contract of the year.
    const batch = async () => {
      const t0 = performance.now();
      const r = (await api.call(token, 'POST', '/ms-core/api/visit-plans/generate-year', { year })) as { created: number; contracts: number };
      return { ms: performance.now() - t0, created: r.created, contracts: r.contracts };
    };
    // One contract per request, as the dialog's single-contract choice does.
    const oneByOne = async () => {
      const t0 = performance.now();
      let created = 0;
      for (const contract of ids)
        created += ((await api.call(token, 'POST', '/ms-core/api/visit-plans/generate', { contract, year })) as { created: number }).created;
      return { ms: performance.now() - t0, created };
    };
    const first = await batch();
    const again = await batch();
    const single = await oneByOne();
    const places = [
      { id: 'valencia', window: { openMonth: 1, closeMonth: 12, visitDays: [5, 20], notVisitDays: [] } },
      { id: 'alicante', window: { openMonth: 3, closeMonth: 10, visitDays: [10], notVisitDays: [] } },
    ];
    const lines = [
      { service: 'hygiene', quantity: 12 },
      { service: 'pools', quantity: 6 },
      { service: 'legionella', quantity: 4 },
    ];
    const t0 = performance.now();
    let slots = 0;
    for (let i = 0; i < ids.length; i += 1) slots += planContract({ year, lines, places }).length;
    const spreadMs = performance.now() - t0;
    const goal = 5000;
    return [
      {
        line: `generate the year of every active contract (${first.contracts}), one request`,
        ms: Math.round(first.ms),
        visits: first.created,
        goal_ms: goal,
        ok: first.ms < goal,
      },
      { line: `the same again (idempotent), one request`, ms: Math.round(again.ms), visits: again.created, goal_ms: goal, ok: again.ms < goal },
      {
        line: `regenerate the ${ids.length} one request each (HTTP, one after the other)`,
        ms: Math.round(single.ms),
        visits: single.created,
        goal_ms: '',
        ok: '',
      },
      { line: `spread only (pure, ${ids.length} contracts)`, ms: Math.round(spreadMs), visits: slots, goal_ms: '', ok: '' },
    ];
  } finally {
    await server.stop();
  }
}
