import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web calls the API through the calls of packages/domain/src/calls (send, sendPage, urlOf):
 * no API path is written in the web's code (issue 24, decision 0070). The offline queue stores
 * calls by name too (decision 0077), so no file is exempt.
 */
const API_PATH = /\\?\/(ms-core|ms-registry|ms-statistics|auth)\\?\/api/;

const src = new URL('..', import.meta.url).pathname;
const files = (readdirSync(src, { recursive: true }) as string[])
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.split('/').includes('testing'))
  .map((f) => relative(src, join(src, f)));

describe('API paths in the web', () => {
  it('are written only in the calls, never in a feature', () => {
    const offenders = files.filter((f) => API_PATH.test(readFileSync(join(src, f), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
