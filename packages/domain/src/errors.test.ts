import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CATALOGUE, ERROR_CATALOGUE, ERROR_CODES, errorCodeOf, findCatalogueEntry, type TErrorName } from './errors.js';

/**
 * The catalogue against the spec's own table (calls document, section 8), copied verbatim into
 * fixtures/spec-errors.txt: every code of the table is in the catalogue under its family, with an
 * English text that says what the table says; whatever the catalogue adds is marked as an addition.
 */
interface TSpecRow {
  names: TErrorName[];
  reference: string;
  meaning: string;
}

function specRows(): TSpecRow[] {
  const lines = readFileSync(new URL('./fixtures/spec-errors.txt', import.meta.url), 'utf8').split('\n');
  const rows: TSpecRow[] = [];
  let family: TErrorName[] = [];
  for (const line of lines.slice(2)) {
    if (!line.startsWith('|')) continue;
    const [familyCell, code, meaning] = line
      .split('|')
      .slice(1, 4)
      .map((cell) => cell.trim());
    if (familyCell) family = familyCell.split('/').map((name) => name.trim() as TErrorName);
    rows.push({ names: family, reference: code!, meaning: meaning! });
  }
  return rows.flatMap((row) => row.names.map((name) => ({ ...row, names: [name] })));
}

/** Lower case without hyphens: "e-mail" and "email" are one word. */
const plain = (text: string) => text.toLowerCase().replace(/-/g, '');
/** The words of the meaning's first clause (before any ';'), as the English text must carry them. */
const keyWords = (meaning: string) =>
  plain(meaning.split(';')[0]!)
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 4);

describe('error catalogue against the spec table (fixtures/spec-errors.txt)', () => {
  const rows = specRows();

  it('reads the whole table', () => {
    expect(rows.length).toBe(35);
    expect(rows.filter((r) => r.names[0] === 'BADREQUESTERROR')).toHaveLength(29);
  });

  it('holds every code of the table under its family, not marked as an addition', () => {
    const missing = rows.filter((r) => !findCatalogueEntry(r.names[0]!, r.reference)).map((r) => `${r.names[0]}.${r.reference}`);
    expect(missing).toEqual([]);
    const marked = rows.filter((r) => findCatalogueEntry(r.names[0]!, r.reference)?.projectAddition).map((r) => `${r.names[0]}.${r.reference}`);
    expect(marked).toEqual([]);
  });

  it("says in English what the table's meaning says", () => {
    const differing = rows
      .map((r) => ({ key: `${r.names[0]}.${r.reference}`, en: plain(findCatalogueEntry(r.names[0]!, r.reference)!.en), words: keyWords(r.meaning) }))
      .filter(({ en, words }) => words.some((word) => !en.includes(word)))
      .map(({ key, en, words }) => `${key}: "${en}" lacks ${words.filter((w) => !en.includes(w)).join(', ')}`);
    expect(differing).toEqual([]);
  });

  it('marks every entry the table does not have as a project addition', () => {
    const inSpec = new Set(rows.map((r) => `${r.names[0]}.${r.reference}`));
    const unmarked = ERROR_CATALOGUE.filter((e) => !inSpec.has(`${e.name}.${e.reference}`) && !e.projectAddition).map((e) => `${e.name}.${e.reference}`);
    expect(unmarked).toEqual([]);
  });

  it('names each entry once; a name and reference lead back to their code', () => {
    const keys = ERROR_CATALOGUE.map((e) => `${e.name}.${e.reference}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const code of ERROR_CODES) expect(errorCodeOf(CATALOGUE[code].name, CATALOGUE[code].reference)).toBe(code);
    expect(errorCodeOf('BADREQUESTERROR', 494)).toBe('notAssigned');
    expect(errorCodeOf('BADREQUESTERROR', 999)).toBeUndefined();
  });
});
