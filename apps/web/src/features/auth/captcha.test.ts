import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sha256Hex, solveChallenge } from './captcha';

const nodeSha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the captcha solver', () => {
  it('hashes like SHA-256 for short, block-edge and multi-byte inputs', () => {
    for (const text of ['', 'abc', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'b'.repeat(130), 'ñandú€ 1234']) expect(sha256Hex(text)).toBe(nodeSha(text));
  });

  it('finds the number of a challenge', async () => {
    const salt = 'cafe?expires=9999999999';
    const solution = await solveChallenge({ algorithm: 'SHA-256', salt, challenge: nodeSha(`${salt}4321`), maxNumber: 5000, signature: 'sig' });
    expect(solution).toEqual({ salt, number: 4321, signature: 'sig' });
  });
});
