/**
 * Spanish identity numbers (product document section 5: "DNI must match a valid ID pattern"):
 * a DNI is 8 digits and a check letter; a NIE (foreigners) is X, Y or Z, 7 digits and a check
 * letter, the prefix standing for 0, 1 or 2. The letter is the number modulo 23 in this table.
 */
export const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

const DNI_PATTERN = /^(\d{8})([A-Z])$/;
const NIE_PATTERN = /^([XYZ])(\d{7})([A-Z])$/;

export type TIdKind = 'DNI' | 'NIE';

/** Upper case, without the spaces, dots and hyphens people type between the parts ("12.345.678-z"). */
export const normalizeDni = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** The check letter of a number (the DNI's 8 digits, or a NIE's with its prefix as a digit). */
export const dniLetter = (digits: string) => DNI_LETTERS[Number(digits) % 23]!;

/** 'DNI' or 'NIE' when the value (normalised) is one with the right check letter, else null. */
export function idKindOf(value: string): TIdKind | null {
  const id = normalizeDni(value);
  const dni = DNI_PATTERN.exec(id);
  if (dni) return dniLetter(dni[1]!) === dni[2] ? 'DNI' : null;
  const nie = NIE_PATTERN.exec(id);
  if (nie) return dniLetter(`${'XYZ'.indexOf(nie[1]!)}${nie[2]}`) === nie[3] ? 'NIE' : null;
  return null;
}

export const isValidDni = (value: string) => idKindOf(value) !== null;
