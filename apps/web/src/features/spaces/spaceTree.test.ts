import { describe, expect, it } from 'vitest';
import type { TSpaceSummary } from '../../session/storage';
import { spaceTree } from './spaceTree';

const space = (id: string, name: string, parentPath: string, typeStructure = 'STRUCTURE'): TSpaceSummary => {
  const ids = parentPath.split('/').filter(Boolean);
  return { _id: id, name, identifier: id, typeStructure, logo: null, parent: ids.at(-1) ?? null, secureSpacePath: `${parentPath}${id}/` };
};

describe('space selector tree', () => {
  // The server lists member spaces first, then those below: two clients' establishments interleaved.
  const list = [
    space('root', 'Demo', '/'),
    space('b', 'Zeta Hoteles', '/root/'),
    space('a', 'Alfa Restauración', '/root/'),
    space('a1', 'Alfa Centro', '/root/a/', 'ESTABLISHMENT'),
    space('b1', 'Zeta Playa', '/root/b/', 'ESTABLISHMENT'),
    space('a2', 'Alfa Puerto', '/root/a/', 'ESTABLISHMENT'),
    space('b1k', 'Cocina', '/root/b/b1/', 'AREA'),
  ];

  it('puts each space right under its own parent, siblings by name', () => {
    const rows = spaceTree(list);
    expect(rows.map((r) => [r.space.name, r.level])).toEqual([
      ['Demo', 0],
      ['Alfa Restauración', 1],
      ['Alfa Centro', 2],
      ['Alfa Puerto', 2],
      ['Zeta Hoteles', 1],
      ['Zeta Playa', 2],
      ['Cocina', 3],
    ]);
  });

  it('names where a search match is, from the whole list', () => {
    const rows = spaceTree([list[6]!, list[3]!], list);
    expect(rows.map((r) => [r.space.name, r.level, r.trail.join(' › ')])).toEqual([
      ['Alfa Centro', 0, 'Demo › Alfa Restauración'],
      ['Cocina', 0, 'Demo › Zeta Hoteles › Zeta Playa'],
    ]);
  });
});
