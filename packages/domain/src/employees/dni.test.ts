import { describe, expect, it } from 'vitest';
import { dniLetter, idKindOf, isValidDni, normalizeDni } from './dni.js';
import { ZEmployeeInput } from './schemas.js';

describe('DNI and NIE with their check letter (product document section 5)', () => {
  it('accepts DNIs whose letter is the number modulo 23', () => {
    expect(dniLetter('12345678')).toBe('Z');
    expect(idKindOf('12345678Z')).toBe('DNI');
    expect(idKindOf('00000000T')).toBe('DNI');
    expect(idKindOf('99999999R')).toBe('DNI');
    // Typed the way people write them: lower case, dots, a hyphen, spaces.
    expect(idKindOf('12.345.678-z')).toBe('DNI');
    expect(normalizeDni(' 12345678 z ')).toBe('12345678Z');
  });

  it('refuses a DNI with the wrong letter, the wrong length or no letter', () => {
    expect(isValidDni('12345678A')).toBe(false);
    expect(isValidDni('12345679Z')).toBe(false);
    expect(isValidDni('1234567Z')).toBe(false);
    expect(isValidDni('123456789Z')).toBe(false);
    expect(isValidDni('12345678')).toBe(false);
    expect(isValidDni('')).toBe(false);
    expect(isValidDni('ABCDEFGHZ')).toBe(false);
  });

  it('accepts NIEs: X, Y and Z stand for 0, 1 and 2 in the check', () => {
    expect(idKindOf('X1234567L')).toBe('NIE'); // 01234567 % 23 = 19 → L
    expect(idKindOf('Y1234567X')).toBe('NIE'); // 11234567 % 23 = 10 → X
    expect(idKindOf('Z1234567R')).toBe('NIE'); // 21234567 % 23 = 1 → R
    expect(idKindOf('x-1234567-l')).toBe('NIE');
  });

  it('refuses NIEs with the wrong letter, another prefix or the wrong length', () => {
    expect(isValidDni('X1234567A')).toBe(false);
    expect(isValidDni('Y1234567L')).toBe(false); // X's letter under Y
    expect(isValidDni('Z1234567L')).toBe(false);
    expect(isValidDni('W1234567L')).toBe(false);
    expect(isValidDni('X123456L')).toBe(false);
    expect(isValidDni('X12345678L')).toBe(false);
  });

  it('the employee body stores the number normalised and refuses a wrong letter naming dni', () => {
    const base = { firstName: 'Lucía', birthday: '1990-05-01' };
    const ok = ZEmployeeInput.safeParse({ ...base, dni: '12.345.678-z' });
    expect(ok.success && ok.data.dni).toBe('12345678Z');
    const bad = ZEmployeeInput.safeParse({ ...base, dni: '12345678A' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['dni']);
  });
});
