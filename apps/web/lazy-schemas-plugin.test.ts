import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazyRanges, makeSchemasLazy } from './lazy-schemas-plugin';
import { lazySchema } from './src/lazySchema';

const wrapped = (code: string) => lazyRanges(code).map(([start, end]) => code.slice(start, end));

describe("the domain's schemas built on first use in the web build (decision 0123)", () => {
  it("wraps each top-level const that builds a schema, and each schema written inline in a call's fields", () => {
    const code = [
      "import { z } from '../zod.js';",
      'const ZId = z.string().uuid();',
      'export const ZUser = z',
      '  .object({ id: ZId, name: z.string() })',
      '  .strict();',
      'export const ZUserRef = ZUser.pick({ id: true });',
      'const ZList = zIdList(500);',
      "export const userCalls = { get: defineCall({ name: 'users.get', path: '/u/:id', params: z.object({ id: ZId }), response: ZUser, page: true }) };",
    ].join('\n');
    expect(wrapped(code)).toEqual([
      'z.string().uuid()',
      'z\n  .object({ id: ZId, name: z.string() })\n  .strict()',
      'ZUser.pick({ id: true })',
      'zIdList(500)',
      'z.object({ id: ZId })',
    ]);
  });

  it('leaves alone what builds no schema: a name given another name, other values, destructuring, functions', () => {
    const code = [
      'export const ZAlias = ZUser;',
      'export const LIMITS = { name: 200 };',
      'const KEYS = Object.keys(LIMITS);',
      'export const { a, b } = z.object({}).shape;',
      'export function zText(max: number) { return z.string().max(max); }',
      'let ZMutable = z.string();',
    ].join('\n');
    expect(wrapped(code)).toEqual([]);
    expect(makeSchemasLazy(code)).toBeNull();
  });

  it('keeps the TypeScript it is given (types are stripped later in the build)', () => {
    const out = makeSchemasLazy('export const ZAge: z.ZodNumber = z.number().int() satisfies z.ZodType;')!;
    expect(out).toContain('export const ZAge: z.ZodNumber = __lazySchema(() => (z.number().int() satisfies z.ZodType));');
    expect(out.split('\n')[0]).toMatch(/^import \{ lazySchema as __lazySchema \} from ".*lazySchema\.ts";$/);
  });
});

describe('lazySchema', () => {
  it('builds the schema once, on first use, and behaves as the schema it builds', () => {
    let builds = 0;
    const ZItem = lazySchema(() => {
      builds++;
      return z.object({ id: z.string(), size: z.number().int().min(1) });
    });
    const ZStatus = lazySchema(() => z.enum(['open', 'closed']));
    const ZList = lazySchema(() => z.array(ZItem).max(2));
    expect(builds).toBe(0);

    expect(ZList.parse([{ id: 'a', size: 2 }])).toEqual([{ id: 'a', size: 2 }]);
    expect(builds).toBe(1);
    expect(ZList.safeParse([{ id: 'a', size: 0 }]).success).toBe(false);
    expect(ZItem.extend({ note: z.string().optional() }).parse({ id: 'b', size: 1, note: 'x' })).toEqual({ id: 'b', size: 1, note: 'x' });
    expect(Object.keys(ZItem.shape)).toEqual(['id', 'size']);
    expect(ZStatus.options).toEqual(['open', 'closed']);
    expect(ZItem instanceof z.ZodObject).toBe(true);
    expect(z.object({ status: ZStatus }).partial().parse({})).toEqual({});
    expect(builds).toBe(1);
  });
});
