import { describe, expect, it } from 'vitest';
import { statusChoices } from './userStatus';

describe('user status menu', () => {
  it('offers LOCK from ACTIVE, ACTIVE from LOCK, both otherwise', () => {
    expect(statusChoices('ACTIVE')).toEqual(['LOCK']);
    expect(statusChoices('LOCK')).toEqual(['ACTIVE']);
    expect(statusChoices('UNVERIFIED')).toEqual(['ACTIVE', 'LOCK']);
    expect(statusChoices('DELETED')).toEqual(['ACTIVE', 'LOCK']);
  });
});
