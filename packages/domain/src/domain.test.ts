import { describe, expect, it } from 'vitest';
import { ERROR_CATALOGUE, findCatalogueEntry } from './errors.js';
import { ALL_PERMISSIONS, hasPermissions, isKnownPermission } from './permissions.js';
import { DEFAULT_ROLES } from './roles.js';
import { ZSearchBody } from './search.js';
import { emptyToNull, isAcceptablePassword, isValidEmail, isValidPhone, isValidSurname, passwordStrength, passwordStrengthLabel } from './validators.js';

describe('validators (product document, section 5)', () => {
  it('phones are a plus sign and 7 to 15 digits', () => {
    expect(isValidPhone('+34600111222')).toBe(true);
    expect(isValidPhone('+1234567')).toBe(true);
    expect(isValidPhone('+123456')).toBe(false);
    expect(isValidPhone('+1234567890123456')).toBe(false);
    expect(isValidPhone('600111222')).toBe(false);
    expect(isValidPhone('+34 600 111 222')).toBe(false);
  });

  it('e-mails need a top-level domain of 2 to 4 letters', () => {
    expect(isValidEmail('ana@hotel.es')).toBe(true);
    expect(isValidEmail('ana@hotel.info')).toBe(true);
    expect(isValidEmail('ana@hotel.museum')).toBe(false);
    expect(isValidEmail('ana@hotel')).toBe(false);
    expect(isValidEmail('ana hotel@x.es')).toBe(false);
  });

  it('empty phone or e-mail becomes null', () => {
    expect(emptyToNull('')).toBeNull();
    expect(emptyToNull('  ')).toBeNull();
    expect(emptyToNull(undefined)).toBeNull();
    expect(emptyToNull(' +34600111222 ')).toBe('+34600111222');
  });

  it('surnames have only their first letter capitalised, per word', () => {
    expect(isValidSurname('García López')).toBe(true);
    expect(isValidSurname('de la Fuente')).toBe(true);
    expect(isValidSurname('Pérez-Reverte')).toBe(true);
    expect(isValidSurname('GARCÍA')).toBe(false);
    expect(isValidSurname('GarCía')).toBe(false);
  });

  it('password strength uses the 0..70 scale with the spec labels; weak passwords are refused', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrengthLabel(11)).toBe('veryWeak');
    expect(passwordStrengthLabel(24)).toBe('weak');
    expect(passwordStrengthLabel(39)).toBe('acceptable');
    expect(passwordStrengthLabel(59)).toBe('good');
    expect(passwordStrengthLabel(60)).toBe('excellent');
    expect(passwordStrength('aaaaaaaaaaaaaaaaaaaaaaaa')).toBeLessThan(25);
    expect(passwordStrength('Xy9!kQ2#mZ7&pL4@')).toBe(70);
    expect(isAcceptablePassword('Demo1234!')).toBe(true);
    expect(isAcceptablePassword('password')).toBe(false);
    expect(isAcceptablePassword('Short1!')).toBe(false);
  });
});

describe('permissions (product document, section 6)', () => {
  it('a list containing ADMIN always passes; otherwise every required name must be held', () => {
    expect(hasPermissions(['ADMIN'], ['USER:DELETE', 'TRACE:READ'])).toBe(true);
    expect(hasPermissions(['USER:READ'], ['USER:READ'])).toBe(true);
    expect(hasPermissions(['USER:READ'], ['USER:READ', 'USER:WRITE'])).toBe(false);
    expect(hasPermissions([], [])).toBe(true);
  });

  it('knows the names seen in the menu, and trace is read only', () => {
    for (const name of [
      'AUDIT:READ',
      'REGISTER:READ',
      'REGISTER:WRITE',
      'ANALYTICS:READ',
      'ISSUE:READ',
      'USER:MANAGEMENT',
      'GOOGLE_DRIVE_VIEW',
      'LAB_DATA_VIEW',
      'LAB_DATA_WRITE',
      'LAB_DATA_ISSUES_VIEW',
      'LAB_DATA_ISSUES_WRITE',
      'REQUEST_VIEW',
      'SAMPLE_TYPE_VIEW',
      'CATEGORY_VIEW',
    ]) {
      expect(isKnownPermission(name), name).toBe(true);
    }
    expect(ALL_PERMISSIONS.filter((p) => p.startsWith('TRACE:'))).toEqual(['TRACE:READ']);
  });

  it('default roles only use known permissions', () => {
    for (const role of DEFAULT_ROLES) for (const p of role.permissions) expect(isKnownPermission(p), `${role.name}: ${p}`).toBe(true);
  });
});

describe('error catalogue (calls document, section 8)', () => {
  it('holds every code of the spec, each once, with Spanish and English text', () => {
    const codes = [
      '0',
      '410',
      '412',
      '420',
      '421',
      '422',
      '423',
      '451',
      '452',
      '453',
      '456',
      '458',
      '462',
      '493',
      '494',
      '495',
      '496',
      '497',
      '590',
      '692',
      '818',
      '832',
      '844',
      '921',
      '934',
      '2222',
      '10021',
      'RLD0001',
      'RCL0001',
    ];
    for (const code of codes) expect(findCatalogueEntry('BADREQUESTERROR', code), code).toBeDefined();
    expect(findCatalogueEntry('NOTFOUND', 415)).toBeDefined();
    expect(findCatalogueEntry('BADCREDENTIALSERROR', 490)).toBeDefined();
    expect(findCatalogueEntry('USERNOTVERIFIEDERROR', 491)).toBeDefined();
    expect(findCatalogueEntry('USERNOTLOCKERROR', 492)).toBeDefined();
    expect(findCatalogueEntry('UNAUTHORIZEDERROR', 410)).toBeDefined();
    const keys = ERROR_CATALOGUE.map((e) => `${e.name}.${e.reference}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of ERROR_CATALOGUE) {
      expect(e.es.length).toBeGreaterThan(5);
      expect(e.en.length).toBeGreaterThan(5);
    }
  });
});

describe('paged search body', () => {
  it('defaults to page 0, size 10, no filters; caps the size at 1000', () => {
    expect(ZSearchBody.parse({})).toMatchObject({ page: 0, size: 10, filters: [] });
    expect(ZSearchBody.safeParse({ size: 1001 }).success).toBe(false);
    expect(ZSearchBody.safeParse({ filters: [{ field: 'x', operator: 'like' }] }).success).toBe(false);
  });
});
