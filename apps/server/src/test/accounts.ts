import type { FastifyInstance } from 'fastify';
import { apiClient } from './harness.js';
import { solveChallenge } from '../modules/accounts/captcha.js';

// Helpers for the accounts module's tests (decision 0040).

/** A fresh captcha, solved as the browser would. */
export async function solvedCaptcha(app: FastifyInstance) {
  const res = await apiClient(app).get('/auth/api/captcha');
  if (res.status !== 200) throw new Error(`captcha: ${res.status}`);
  return solveChallenge(res.body);
}

/** Runs the due jobs until none is left (a job may enqueue the e-mail it sends). */
export async function drainJobs(app: FastifyInstance) {
  let total = 0;
  for (let round = 0; round < 10; round++) {
    const ran = await app.jobs.runDue();
    if (!ran) return total;
    total += ran;
  }
  return total;
}
