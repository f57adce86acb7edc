import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solveChallenge } from '../modules/accounts/captcha.js';
import { createTenant, type TTenant } from '../test/factories.js';
import { apiClient, createTestApp, type TTestApp } from '../test/harness.js';
import { auditTenant, type TAuditTenant } from '../test/audits.js';
import { finishedAuditWithIncidents, ISSUES, TASKS } from '../test/incidents.js';
import { expectOk } from '../test/templates.js';

/**
 * An attacker's eyes on the routes of the registers, incidents and accounts modules: the generic
 * probes and the role × tenant matrix walk foreign ids; these go further with real data.
 */
let t: TTestApp;
let other: TTenant;
let f: TAuditTenant;
const anon = () => apiClient(t.app);

beforeAll(async () => {
  t = await createTestApp({ CAPTCHA_MAX_NUMBER: '2000' });
  f = await auditTenant(t, 'atk');
  other = await createTenant(t.db, 'atk2');
});
afterAll(() => t.close());

/** A solved captcha whose number has at least two digits and no zero after the first (so it can be split). */
async function splittableCaptcha() {
  for (;;) {
    const solution = solveChallenge((await anon().get('/auth/api/captcha')).body);
    const digits = String(solution.number);
    if (digits.length >= 2 && digits[1] !== '0') return solution;
  }
}

describe('captcha (accounts)', () => {
  it('a solved captcha is refused the second time, even with a digit of the number moved into the salt', async () => {
    const solution = await splittableCaptcha();
    const digits = String(solution.number);
    const ask = (captcha: object) => anon().post('/auth/api/recover', { identifier: 'nobody@example.com', captcha });
    expect((await ask(solution)).status).toBe(200);
    expect((await ask(solution)).body).toMatchObject({ reference: 'ACC0002' });
    // The same SHA-256 input, cut elsewhere: salt + "5", number 4321 for salt, number 54321.
    for (let cut = 1; cut < digits.length; cut++) {
      if (digits[cut] === '0') continue;
      const moved = { ...solution, salt: solution.salt + digits.slice(0, cut), number: Number(digits.slice(cut)) };
      const res = await ask(moved);
      expect(res.status, `cut at ${cut}`).toBe(400);
      expect(res.body).toMatchObject({ reference: 'ACC0002' });
    }
  });
});
