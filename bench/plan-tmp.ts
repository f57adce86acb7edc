import { sql } from 'drizzle-orm';
import { unsafeUnscoped } from '../apps/server/src/platform/tenancy.js';
import { seedDemo } from '../apps/server/src/seed/demo.js';
import { apiOf } from './audits.js';
import { startServer } from './lib.js';
import { seedLists } from './lists.js';
import { createHash } from 'node:crypto';

const engine = (process.argv[2] ?? 'pglite') as 'pglite' | 'postgres';
const server = await startServer(engine);
const client = (server.db as any).$client;
const logged: { text: string; params: unknown[] }[] = [];
let logging = false;
for (const name of ['query', 'execute']) {
  const orig = client[name]?.bind(client);
  if (!orig) continue;
  client[name] = (text: any, params?: any, ...rest: any[]) => {
    if (logging) logged.push({ text: typeof text === 'string' ? text : text.text, params: Array.isArray(params) ? params : (text.values ?? []) });
    return orig(text, params, ...rest);
  };
}
const md5 = (t: string) => createHash('md5').update(t).digest('hex');
try {
  await unsafeUnscoped(server.db, (tx) => seedDemo(tx));
  const admin = await apiOf(server.base).signin('admin@demo.test');
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${admin}` };
  let seeded = 0;
  for (const size of [10000, 100000]) {
    let t0 = performance.now();
    await seedLists(server.db, seeded, size);
    seeded = size;
    console.log(`seeded ${size} in ${Math.round(performance.now() - t0)} ms`);
    for (const [path, salt] of [['/ms-core/api/structures/clients/search', 'name'], ['/ms-core/api/users/search', 'person']] as const) {
      const search = md5(`${salt}-${(37 % (size / 20)) + 1}`).slice(0, 6);
      logged.length = 0;
      logging = true;
      t0 = performance.now();
      const res = await fetch(`${server.base}${path}`, { method: 'POST', headers, body: JSON.stringify({ size: 10, page: 0, search }) });
      const ms = performance.now() - t0;
      logging = false;
      console.log(`\n=== ${size} ${path} ${search}: ${res.status} ${Math.round(ms)} ms, ${logged.length} statements`);
      for (const q of logged) {
        if (!/^\s*select/i.test(q.text) || !/list_match/.test(q.text)) continue;
        const role = logged.find((l) => /set_config/.test(l.text));
        const plan = await unsafeUnscoped(server.db, async (tx) => {
          if (role) await tx.execute(sql.raw(role.text.replace(/^begin;\s*/i, '')), ) .catch(() => undefined);
          return (await (tx as any).$client?.query?.(`explain (analyze, buffers) ${q.text}`, q.params)) ?? null;
        }).catch((e) => String(e));
        console.log(q.text.slice(0, 600), JSON.stringify(q.params).slice(0, 200));
        console.log(typeof plan === 'string' ? plan : (plan?.rows ?? []).map((r: any) => r['QUERY PLAN']).join('\n'));
      }
    }
  }
} finally {
  await server.stop();
}
