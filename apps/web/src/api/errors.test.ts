import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ApiError, isError, networkError } from './errors';

describe('isError: errors by their catalogue name', () => {
  it('matches the entry by name and reference, and any of several', () => {
    const similar = new ApiError(409, 'BADREQUESTERROR', '422', 'Similar data');
    expect(isError(similar, 'similarData')).toBe(true);
    expect(isError(similar, 'alreadyExists')).toBe(false);
    expect(isError(similar, 'alreadyExists', 'similarData')).toBe(true);
  });

  it('needs the name too: the same reference under another name is another error', () => {
    expect(isError(new ApiError(404, 'NOTFOUND', '415', 'not found'), 'notFound')).toBe(true);
    expect(isError(new ApiError(400, 'BADREQUESTERROR', '415', 'other'), 'notFound')).toBe(false);
  });

  it('is false for anything that is not an answer of the server', () => {
    expect(isError(networkError(), 'internal')).toBe(false);
    expect(isError(new Error('x'), 'notFound')).toBe(false);
    expect(isError(undefined, 'notFound')).toBe(false);
  });
});

/** Every .ts/.tsx file under the web's sources but the tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the web names errors, never compares bare references', () => {
  it('has no `reference === ...` comparison outside api/errors.ts', () => {
    const root = fileURLToPath(new URL('..', import.meta.url));
    const offenders = sources(root)
      .filter((path) => !path.endsWith(join('api', 'errors.ts')))
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .map((line, i) => ({ where: `${path.slice(root.length)}:${i + 1}`, line }))
          .filter(({ line }) => /reference\s*[!=]==\s*['"]|['"]\s*[!=]==\s*\w*\.?reference\b/.test(line)),
      );
    expect(offenders.map((o) => o.where)).toEqual([]);
  });
});
