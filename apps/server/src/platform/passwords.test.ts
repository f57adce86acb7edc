import { describe, expect, it } from 'vitest';
import { HASHING_CONCURRENCY, decoyHash, hashPassword, inHashingLine, verifyPassword, verifyPasswordUnless } from './passwords.js';

describe('password hashing line', () => {
  it('runs at most one fewer hashing job than the cores at once, and every job in the end', async () => {
    let now = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const jobs = Array.from({ length: 12 }, (_, i) =>
      inHashingLine(async () => {
        now++;
        most = Math.max(most, now);
        await new Promise<void>((go) => releases.push(go));
        now--;
        return i;
      }),
    );
    const done: number[] = [];
    jobs.forEach((job) => void job.then((i) => done.push(i)));
    while (done.length < jobs.length) {
      await new Promise((go) => setImmediate(go));
      releases.splice(0).forEach((release) => release());
    }
    expect(most).toBe(HASHING_CONCURRENCY);
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i));
  });

  it('frees its place when a job fails', async () => {
    await expect(inHashingLine(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const all = await Promise.all(Array.from({ length: HASHING_CONCURRENCY + 2 }, (_, i) => inHashingLine(async () => i)));
    expect(all).toHaveLength(HASHING_CONCURRENCY + 2);
  });

  it('still hashes, checks and refuses through the line', async () => {
    const [hash, decoy] = await Promise.all([hashPassword('Right1234!'), decoyHash()]);
    const checks = await Promise.all([
      verifyPassword(hash, 'Right1234!'),
      verifyPassword(hash, 'Wrong1234!'),
      verifyPassword(decoy, 'Right1234!'),
      verifyPassword('not a hash', 'x'),
    ]);
    expect(checks).toEqual([true, false, false, false]);
  });

  it('asks again at its turn and skips the check when the answer is already known', async () => {
    const hash = await hashPassword('Right1234!');
    let asked = 0;
    const refused = async () => (asked++, true);
    expect(await verifyPasswordUnless(hash, 'Right1234!', refused)).toBe('refused');
    expect(asked).toBe(1);
    expect(await verifyPasswordUnless(hash, 'Right1234!', async () => false)).toBe(true);
    expect(await verifyPasswordUnless(hash, 'Wrong1234!', async () => false)).toBe(false);
  });
});
