import type { TestProject } from 'vitest/node';
import { createDatabaseTemplate } from './template.js';

/** vitest globalSetup of the server tests: migrate once per run (see template.ts). */
export default async function setup(project: TestProject) {
  const { template, remove } = await createDatabaseTemplate();
  project.provide('databaseTemplate', template);
  return remove;
}
