import { availableParallelism } from 'node:os';
import argon2 from 'argon2';

// argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): ~25 ms of CPU per check, which is
// still why sign-in is rate-limited. Older hashes keep verifying: parameters live in each hash.
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one fewer argon2 runs at once than the machine has cores (at least one), the rest wait
 * in line (docs/decisions/0055). Thirty sign-ins arriving together would otherwise fill libuv's
 * thread pool and take every core from the requests of other users; in line they cost the
 * callers waiting, not the server. Hashes, checks and the decoy check all take the same line, so a
 * refused sign-in still costs what an accepted one does.
 */
export const HASHING_CONCURRENCY = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: (() => void)[] = [];

export async function inHashingLine<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASHING_CONCURRENCY) await new Promise<void>((go) => waiting.push(go));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export const hashPassword = (password: string) => inHashingLine(() => argon2.hash(password, ARGON2_OPTIONS));
export const verifyPassword = (hash: string, password: string) => inHashingLine(() => argon2.verify(hash, password)).catch(() => false);

/**
 * A check that asks `refused` again once its turn comes, and skips argon2 when the answer is
 * already known (an account locked by the failures that were ahead of it in the line): a flood on
 * one account then runs argon2 about MAX_FAILED_SIGNINS times, however long the line.
 */
export const verifyPasswordUnless = (hash: string, password: string, refused: () => Promise<boolean>) =>
  inHashingLine(async () => ((await refused()) ? ('refused' as const) : argon2.verify(hash, password))).catch(() => false as const);

/** A hash to verify against when the user does not exist, so timing does not reveal accounts. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-never-matches'));
