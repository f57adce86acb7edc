// The server half of bench/callgrind.ts, run under valgrind's callgrind as `npm run serve` runs the
// server (node --conditions=compiled, the compiled JavaScript of `npm run build:server`, no tsx).
// argv: a JSON file { url, jwtSecret } for the product's server on that existing database, or
// `bare` for a bare Fastify POST route answering a small JSON (the HTTP floor). Prints
// `listening <port>` once it accepts requests; SIGTERM ends it. No job worker: the measured
// requests do not need one, and its polling would be counted.
import { readFileSync } from 'node:fs';

const arg = process.argv[2];
let app;
let close = async () => {};
if (arg === 'bare') {
  const Fastify = (await import('fastify')).default;
  app = Fastify({ logger: false });
  app.post('/echo/:id', async (request) => ({ _id: request.params.id, ...request.body, score: 10, failed: false, updatedAt: new Date().toISOString() }));
} else {
  const { url, jwtSecret } = JSON.parse(readFileSync(arg, 'utf8'));
  const dist = (path) => new URL(`../apps/server/dist/${path}`, import.meta.url).href;
  const { openDatabase } = await import(dist('platform/db.js'));
  const { loadConfig } = await import(dist('config.js'));
  const { buildApp } = await import(dist('app.js'));
  const handle = await openDatabase(url);
  const config = loadConfig({ JWT_SECRET: jwtSecret, LOG_LEVEL: 'silent', DATA_DIR: '/tmp/audit-bench' });
  app = await buildApp({ config, db: handle.db, listen: handle.listen, logger: false });
  close = () => handle.close();
}
await app.listen({ port: 0, host: '127.0.0.1' });
process.once('SIGTERM', async () => {
  await app.close();
  await close();
  process.exit(0);
});
console.log(`listening ${app.server.address().port}`);
