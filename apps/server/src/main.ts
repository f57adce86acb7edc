import { join } from 'node:path';
import { loadConfig } from './config.js';
import { buildApp } from './app.js';
import { openDatabase } from './platform/db.js';
import { seedOnFirstStart } from './seed/index.js';
import { warmPdfWorker } from './modules/reports/pdf/run.js';
import { holdPgliteLock } from './platform/backup/lock.js';

const config = loadConfig();
// PGlite is this process's alone: a second server, a backup or a restore on the folder would corrupt it.
const releaseLock = config.DATABASE_URL ? () => undefined : holdPgliteLock(join(config.DATA_DIR, 'pglite'), 'the server');
const database = await openDatabase(config.DATABASE_URL ?? join(config.DATA_DIR, 'pglite'));
const seeded = await seedOnFirstStart(database.db, config);
const app = await buildApp({ config, db: database.db, listen: database.listen, serveWeb: true });

const shutdown = async () => {
  await app.close();
  await database.close();
  releaseLock();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.PORT, host: config.HOST });
await app.jobs.start();
warmPdfWorker(); // the first report does not wait for a worker to boot (decision 0028)
const url = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
const lines = [
  '',
  `  Audit platform running at ${url}`,
  `  Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${join(config.DATA_DIR, 'pglite')}`}`,
  `  API docs: ${url}/docs`,
  `  E-mail: ${config.SMTP_URL ? `SMTP ${new URL(config.SMTP_URL).host}` : `written to ${join(config.DATA_DIR, 'outbox')} (set SMTP_URL to send)`}`,
  ...(seeded.accounts.length ? ['  Demo accounts (password Demo1234!):', ...seeded.accounts.map((a) => `    ${a}`)] : []),
  '',
];
console.log(lines.join('\n'));
