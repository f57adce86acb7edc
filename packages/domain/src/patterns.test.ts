import { describe, expect, it } from 'vitest';
import { READING_KEY_PATTERN } from './templates.js';
import { USERNAME_PATTERN, ZIP_CODE_PATTERN } from './validators.js';

// The input patterns the forms and the server share (one copy each, decision 0019).
describe('input patterns', () => {
  it('usernames take letters, digits and . _ @ - only', () => {
    expect(USERNAME_PATTERN.test('ana.garcia_1@demo-test')).toBe(true);
    expect(USERNAME_PATTERN.test('ana garcia')).toBe(false);
    expect(USERNAME_PATTERN.test('ana/garcia')).toBe(false);
  });

  it('postal codes are 1 to 9 digits', () => {
    expect(ZIP_CODE_PATTERN.test('46001')).toBe(true);
    expect(ZIP_CODE_PATTERN.test('123456789')).toBe(true);
    expect(ZIP_CODE_PATTERN.test('1234567890')).toBe(false);
    expect(ZIP_CODE_PATTERN.test('46 001')).toBe(false);
    expect(ZIP_CODE_PATTERN.test('')).toBe(false);
  });

  it('reading keys are 1 to 50 letters, digits, _ or -', () => {
    expect(READING_KEY_PATTERN.test('temp_1-a')).toBe(true);
    expect(READING_KEY_PATTERN.test('a'.repeat(51))).toBe(false);
    expect(READING_KEY_PATTERN.test('temp 1')).toBe(false);
  });
});
