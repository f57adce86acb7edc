import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { TCaptchaChallenge, TCaptchaSolution } from '@audit/domain/accounts';
import type { TDb } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import * as repo from './repo.js';

/**
 * A self-hosted proof-of-work captcha (ALTCHA-style, decision 0040): the browser spends about a
 * second finding `number`; the server checks it with one hash. No third party sees the visitor.
 * The salt carries its own expiry (`<random>?expires=<unix s>`), and the HMAC signs the challenge,
 * so the server keeps nothing until a solution is used (then its salt, to refuse a replay).
 */
export const CAPTCHA_TTL_SECONDS = 600;
/** Room for another instance's clock; a moved digit pushes the expiry years away, far beyond it. */
const CLOCK_SKEW_SECONDS = 60;

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sign = (secret: string, challenge: string) => createHmac('sha256', `captcha:${secret}`).update(challenge).digest('hex');

export function createChallenge(secret: string, maxNumber: number): TCaptchaChallenge {
  const expires = Math.floor(Date.now() / 1000) + CAPTCHA_TTL_SECONDS;
  const salt = `${randomBytes(12).toString('hex')}?expires=${expires}`;
  const challenge = sha256(salt + randomInt(0, maxNumber + 1));
  return { algorithm: 'SHA-256', challenge, salt, maxNumber, signature: sign(secret, challenge) };
}

/** Finds the number by trying each (what the browser does; tests use it too). */
export function solveChallenge(challenge: TCaptchaChallenge): TCaptchaSolution {
  for (let n = 0; n <= challenge.maxNumber; n++)
    if (sha256(challenge.salt + n) === challenge.challenge) return { salt: challenge.salt, number: n, signature: challenge.signature };
  throw new Error('unsolvable challenge');
}

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * ACC0002 unless the solution is right, signed by us, unexpired and not used before; spends it in `tx`.
 * The signature covers SHA-256(salt + number), so digits moved from the number to the end of the salt
 * keep it valid: a salt of our exact shape and an expiry no later than one we could have issued
 * refuse that replay (the moved digits multiply the expiry at least tenfold).
 */
export async function verifyCaptcha(tx: TDb, secret: string, solution: TCaptchaSolution) {
  const expires = Number(/^[0-9a-f]{24}\?expires=(\d{1,12})$/.exec(solution.salt)?.[1] ?? 0);
  const challenge = sha256(solution.salt + solution.number);
  const issuable = expires * 1000 > Date.now() && expires <= Date.now() / 1000 + CAPTCHA_TTL_SECONDS + CLOCK_SKEW_SECONDS;
  const valid = issuable && sameHex(sign(secret, challenge), solution.signature);
  if (!valid || !(await repo.spendCaptcha(tx, solution.salt, new Date(expires * 1000)))) throw new AppError('captchaInvalid', ['captcha']);
}
