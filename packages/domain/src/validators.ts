/** Field rules of the product document, section 5, shared by the forms and the server. */
export const PHONE_PATTERN = /^\+\d{7,15}$/;
/** Local part, domain, and a top-level domain of 2 to 4 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,4}$/;

/** Usernames: letters, digits and . _ @ - (the user form and the server). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._@-]+$/;
/** A structure's postal code: 1 to 9 digits (stored as a number). */
export const ZIP_CODE_PATTERN = /^\d{1,9}$/;

export const isValidPhone = (value: string) => PHONE_PATTERN.test(value);
export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value);

/** Empty phone or e-mail is stored and sent as null. */
export const emptyToNull = (value: string | null | undefined) => (value == null || value.trim() === '' ? null : value.trim());

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_STRENGTH_MAX = 70;
export const PASSWORD_WEAK_AT_OR_BELOW = 24;

/** Score of a password on the 0..70 scale the strength bar uses. */
export function passwordStrength(password: string): number {
  if (!password) return 0;
  let pool = 0;
  if (/[a-z]/.test(password)) pool += 26;
  if (/[A-Z]/.test(password)) pool += 26;
  if (/\d/.test(password)) pool += 10;
  if (/[^A-Za-z0-9]/.test(password)) pool += 32;
  const unique = new Set(password).size;
  const entropy = Math.log2(Math.max(pool, 1)) * Math.min(password.length, unique + 2);
  return Math.min(PASSWORD_STRENGTH_MAX, Math.round(entropy));
}

export function passwordStrengthLabel(score: number): 'veryWeak' | 'weak' | 'acceptable' | 'good' | 'excellent' {
  if (score < 12) return 'veryWeak';
  if (score <= 24) return 'weak';
  if (score < 40) return 'acceptable';
  if (score < 60) return 'good';
  return 'excellent';
}

/** A new password: at least 8 characters, a capital, a symbol or digit, and stronger than "weak". */
export function isAcceptablePassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH && /[A-Z]/.test(password) && /[^A-Za-z]/.test(password) && passwordStrength(password) > PASSWORD_WEAK_AT_OR_BELOW
  );
}

/**
 * "Last name only first letter capitalised" (error 921). Spanish surnames come in pairs
 * ("García López"), so the rule applies per word: no capital after a word's first letter.
 */
export const isValidSurname = (value: string) => value.split(/[\s-]+/).every((word) => !/^.+\p{Lu}/u.test(word));

/** Spec section 5: "Birth date must make the user over 16". */
export const MIN_AGE_YEARS = 16;
/** A calendar day written YYYY-MM-DD. */
export const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * True when a person born on `birthday` (YYYY-MM-DD) has turned 16 by `today` (YYYY-MM-DD, the
 * caller's calendar day) and the date is a real past day. Compared as calendar days, so no time
 * zone moves a birthday by one.
 */
export function isOldEnough(birthday: string, today: string): boolean {
  if (!DAY_PATTERN.test(birthday) || !DAY_PATTERN.test(today)) return false;
  const [y, m, d] = birthday.split('-').map(Number) as [number, number, number];
  const real = new Date(Date.UTC(y, m - 1, d));
  if (real.getUTCFullYear() !== y || real.getUTCMonth() !== m - 1 || real.getUTCDate() !== d || y < 1900) return false;
  const sixteenth = `${String(y + MIN_AGE_YEARS).padStart(4, '0')}-${birthday.slice(5)}`;
  return sixteenth <= today;
}
