/**
 * A result's unit as the reader says it: colony-forming units are "UFC" in Spanish and "CFU" in
 * English ("UFC/L" read as an untranslated word on an English screen). The stored unit is kept as
 * typed; other units (mg/L, ºC, pH) read the same in both languages.
 */
export function unitText(unit: string | null | undefined, language: string): string {
  if (!unit) return '';
  return language.startsWith('en') ? unit.replace(/\bUFC\b/g, 'CFU') : unit.replace(/\bCFU\b/g, 'UFC');
}
