import argon2 from 'argon2';

// argon2id with OWASP's baseline (19 MiB, 2 passes, 1 lane): ~25 ms of CPU per check, which is
// still why sign-in is rate-limited. Older hashes keep verifying: parameters live in each hash.
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
export const hashPassword = (password: string) => argon2.hash(password, ARGON2_OPTIONS);
export const verifyPassword = (hash: string, password: string) => argon2.verify(hash, password).catch(() => false);

/** A hash to verify against when the user does not exist, so timing does not reveal accounts. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-never-matches'));
