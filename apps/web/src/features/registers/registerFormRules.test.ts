import { describe, expect, it } from 'vitest';
import { ALL, areasFor, followChanges, toAll, withAll, type TRegisterFormValues } from './registerFormRules';

/** The clearing rules of product document section 5, as the register form applies them. */
const areas = [
  { _id: 'kitchen-v', name: 'Cocina principal', parent: 'valencia' },
  { _id: 'pool-v', name: 'Piscina exterior', parent: 'valencia' },
  { _id: 'kitchen-a', name: 'Cocina', parent: 'alicante' },
];
const values = (over: Partial<TRegisterFormValues> = {}): TRegisterFormValues => ({
  name: 'Cámaras',
  classification: 'measurement',
  takesPerDay: 1,
  manualCompletion: false,
  dailyDisabled: false,
  client: 'hotel',
  establishments: ['valencia', 'alicante'],
  areas: ['kitchen-v', 'kitchen-a'],
  typologies: ['fridge'],
  ...over,
});

describe('register form rules', () => {
  it('"all" replaces the other choices, and a choice after "all" drops it', () => {
    expect(withAll(['valencia', ALL], ['valencia'])).toEqual([ALL]);
    expect(withAll([ALL, 'alicante'], [ALL])).toEqual(['alicante']);
    expect(withAll(['valencia', 'alicante'], ['valencia'])).toEqual(['valencia', 'alicante']);
    expect(toAll([ALL])).toBe('all');
    expect(toAll(['valencia'])).toEqual(['valencia']);
  });

  it('offers the areas of the chosen establishments, of every one with "all", none without', () => {
    expect(areasFor(areas, ['alicante']).map((a) => a._id)).toEqual(['kitchen-a']);
    expect(areasFor(areas, [ALL])).toHaveLength(3);
    expect(areasFor(areas, [])).toEqual([]);
  });

  it('a new client clears establishments and areas; a new area access clears areas', () => {
    expect(followChanges({ client: 'olivo' }, values({ client: 'olivo' }), areas)).toEqual({ establishments: [], areas: [] });
    expect(followChanges({ areaAccess: 'POOL' }, values({ areaAccess: 'POOL' }), areas)).toEqual({ areas: [] });
  });

  it('clearing establishments clears areas; narrowing them drops the areas outside', () => {
    expect(followChanges({ establishments: [] }, values({ establishments: [] }), areas).areas).toEqual([]);
    expect(followChanges({ establishments: ['alicante'] }, values({ establishments: ['alicante'] }), areas).areas).toEqual(['kitchen-a']);
    expect(followChanges({ establishments: [ALL] }, values({ establishments: [ALL] }), areas).areas).toEqual(['kitchen-v', 'kitchen-a']);
  });

  it('typologies only for measurement; several takes a day only for a daily frequency', () => {
    expect(followChanges({ classification: 'cleaning' }, values({ classification: 'cleaning' }), areas)).toEqual({ typologies: [] });
    expect(followChanges({ classification: 'measurement' }, values(), areas)).toEqual({});
    expect(followChanges({ frequency: 'weekly' }, values({ frequency: 'weekly', takesPerDay: 3 }), areas)).toEqual({ takesPerDay: 1 });
  });
});
