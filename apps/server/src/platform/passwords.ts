import argon2 from 'argon2';

// argon2id; each verification costs ~25 ms of CPU, which is why sign-in is rate-limited.
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });
export const verifyPassword = (hash: string, password: string) => argon2.verify(hash, password).catch(() => false);

/** A hash to verify against when the user does not exist, so timing does not reveal accounts. */
let decoy: Promise<string> | undefined;
export const decoyHash = () => (decoy ??= hashPassword('decoy-password-never-matches'));
