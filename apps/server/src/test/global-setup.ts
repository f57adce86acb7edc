import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { adminQuery, createDatabaseTemplate } from './template.js';

/**
 * vitest globalSetup of the server tests: migrate once per run (see template.ts), and give the
 * demo-seeded templates, made by the first file that needs one (demo-template.ts), a folder.
 */
export default async function setup(project: TestProject) {
  const { template, remove } = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  const folder = mkdtempSync(join(tmpdir(), 'audit-test-demo-'));
  project.provide('demoTemplates', { folder });
  return async () => {
    rmSync(folder, { recursive: true, force: true });
    if (template.kind === 'postgres') await dropDemoTemplates(template.adminUrl, template.name);
    await remove();
  };
}

/** On PostgreSQL the demo templates are databases named after the migrated one (`<name>_demo_<day>`). */
async function dropDemoTemplates(adminUrl: string, migrated: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const { rows } = await admin.query<{ datname: string }>(`select datname from pg_database where starts_with(datname, $1)`, [`${migrated}_demo_`]);
  await admin.end();
  for (const { datname } of rows) {
    await adminQuery(adminUrl, `alter database ${datname} with is_template false`);
    await adminQuery(adminUrl, `drop database if exists ${datname} with (force)`);
  }
}
