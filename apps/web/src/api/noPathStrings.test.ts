import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web calls the API through the calls of packages/domain/src/calls (send, sendPage, urlOf):
 * no API path is written in the web's code (issue 24, decision 0070). The offline changes still
 * recognise queued writes by URL pattern until the queue stores calls (issue 24, item 2): those
 * files are listed and the list may only shrink.
 */
const STILL_MATCHING_URLS = new Set([
  'features/audit-run/offline/auditChanges.ts',
  'features/incidents/offline/incidentChanges.ts',
  'features/register-logs/offline/logChanges.ts',
]);
const API_PATH = /\\?\/(ms-core|ms-registry|ms-statistics|auth)\\?\/api/;

const src = new URL('..', import.meta.url).pathname;
const files = (readdirSync(src, { recursive: true }) as string[])
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.split('/').includes('testing'))
  .map((f) => relative(src, join(src, f)));

describe('API paths in the web', () => {
  it('are written only in the calls, never in a feature', () => {
    const offenders = files.filter((f) => !STILL_MATCHING_URLS.has(f) && API_PATH.test(readFileSync(join(src, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
  it('the files still matching URLs do (the list only shrinks)', () => {
    expect([...STILL_MATCHING_URLS].filter((f) => !API_PATH.test(readFileSync(join(src, f), 'utf8')))).toEqual([]);
  });
});
