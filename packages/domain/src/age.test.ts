import { describe, expect, it } from 'vitest';
import { ZProfileInput } from './users.js';
import { isOldEnough } from './validators.js';

describe('birth date over 16 (product document, section 5)', () => {
  it('accepts the sixteenth birthday and later, refuses the day before and impossible days', () => {
    expect(isOldEnough('2010-03-15', '2026-03-15')).toBe(true);
    expect(isOldEnough('2010-03-16', '2026-03-15')).toBe(false);
    expect(isOldEnough('1980-12-31', '2026-03-15')).toBe(true);
    expect(isOldEnough('2008-02-29', '2024-02-29')).toBe(true);
    expect(isOldEnough('2010-02-30', '2030-01-01')).toBe(false);
    expect(isOldEnough('1850-01-01', '2026-01-01')).toBe(false);
    expect(isOldEnough('15/03/2000', '2026-03-15')).toBe(false);
  });

  it('the profile body carries username, e-mail, avatar and birth date, each checked', () => {
    const base = { firstName: 'Ana', language: 'es', username: 'ana.p', email: 'ana@example.com' };
    expect(ZProfileInput.safeParse({ ...base, birthday: '1990-05-01', avatar: '6f1c1c1e-8a52-4a1f-9a34-0c1b2f3a4d5e' }).success).toBe(true);
    expect(ZProfileInput.safeParse({ ...base, username: 'a b' }).success).toBe(false);
    expect(ZProfileInput.safeParse({ ...base, email: 'ana@' }).success).toBe(false);
    expect(ZProfileInput.safeParse({ ...base, avatar: 'https://elsewhere.example/x.png' }).success).toBe(false);
    expect(ZProfileInput.safeParse({ ...base, birthday: '2020-01-01' }).success).toBe(true); // the age is the server's and the form's check (their today)
    expect(ZProfileInput.safeParse({ ...base, birthday: '01-01-1990' }).success).toBe(false);
    expect(ZProfileInput.safeParse({ firstName: 'Ana', language: 'es' }).success).toBe(false);
  });
});
