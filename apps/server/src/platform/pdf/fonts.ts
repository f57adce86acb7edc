import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The report's fonts, embedded (subset) in every PDF instead of the built-in Helvetica, whose
 * Latin-1 encoding drops "€", "Œ", "≥", "ą"... DejaVu Sans Condensed (about Helvetica's width,
 * so the layout keeps its line breaks; npm dejavu-fonts-ttf, Bitstream Vera
 * licence: free to embed and redistribute) covers Latin, Greek, Cyrillic and the symbols a report
 * uses (€ ≥ ° ✓ — ‘ ’). What it has no glyph for (Chinese, Japanese kana) is drawn in Noto Sans
 * Hans (npm @embedpdf/fonts-sc, SIL OFL 1.1), opened only for a report that needs it: it is 8 MB.
 * See docs/decisions/0015.
 */
const require = createRequire(import.meta.url);
const dejavu = (file: string) => require.resolve(`dejavu-fonts-ttf/ttf/${file}`);
const noto = (file: string) => join(dirname(require.resolve('@embedpdf/fonts-sc')), '..', 'fonts', file);

/** Registered under their PostScript names, so the current font's name says which one it is. */
export const FONT = { regular: 'DejaVuSansCondensed', bold: 'DejaVuSansCondensed-Bold', italic: 'DejaVuSansCondensed-Oblique' } as const;
const FALLBACK = { regular: 'NotoSansHans-Regular', bold: 'NotoSansHans-Bold' } as const;

const FILES: Record<string, () => string> = {
  [FONT.regular]: () => dejavu('DejaVuSansCondensed.ttf'),
  [FONT.bold]: () => dejavu('DejaVuSansCondensed-Bold.ttf'),
  [FONT.italic]: () => dejavu('DejaVuSansCondensed-Oblique.ttf'),
  [FALLBACK.regular]: () => noto('NotoSansHans-Regular.otf'),
  [FALLBACK.bold]: () => noto('NotoSansHans-Bold.otf'),
};

/** Font bytes, read once per process (a worker thread renders one report). */
const bytes = new Map<string, Buffer>();
function fontBytes(name: string): Buffer {
  let data = bytes.get(name);
  if (!data) {
    data = readFileSync(FILES[name]!());
    bytes.set(name, data);
  }
  return data;
}

/** Reads the main fonts now (a worker booted ahead of need does it before its report arrives). */
export function preloadFonts() {
  for (const name of Object.values(FONT)) fontBytes(name);
}

interface TFontkitFont {
  hasGlyphForCodePoint(codePoint: number): boolean;
}
/** pdfkit keeps the current font as `_font` ({name: PostScript name, font: the fontkit font}). */
type TDocFonts = PDFKit.PDFDocument & { _font: { name: string; font: TFontkitFont } | null };

/** The main fonts are registered at once; the fallback's bytes are read the first time a text needs them. */
export function registerFonts(doc: PDFKit.PDFDocument) {
  for (const name of Object.values(FONT)) doc.registerFont(name, fontBytes(name));
}

const covered = new WeakMap<PDFKit.PDFDocument, Map<string, TFontkitFont>>();

/** The fontkit font of a registered font, opening it in the document (made current, then restored by the caller). */
function fontkitOf(doc: TDocFonts, name: string): TFontkitFont {
  let fonts = covered.get(doc);
  if (!fonts) covered.set(doc, (fonts = new Map()));
  let font = fonts.get(name);
  if (!font) {
    if (!(name in (doc as unknown as { _registeredFonts: Record<string, unknown> })._registeredFonts)) doc.registerFont(name, fontBytes(name));
    const current = doc._font;
    doc.font(name);
    font = doc._font!.font;
    doc._font = current;
    fonts.set(name, font);
  }
  return font;
}

/**
 * A text cut into runs of one font: the current font where it has the glyph, the fallback where
 * only the fallback has it (a character neither has stays in the current font).
 */
export function fontRuns(doc: PDFKit.PDFDocument, value: string): { font: string; text: string }[] {
  const d = doc as TDocFonts;
  const main = d._font!.name;
  const mainFont = d._font!.font;
  const runs: { font: string; text: string }[] = [];
  let fallbackFont: TFontkitFont | null = null;
  const fallback = /Bold/.test(main) ? FALLBACK.bold : FALLBACK.regular;
  for (const char of value) {
    const code = char.codePointAt(0)!;
    let font = main;
    if (code > 0x7e && !mainFont.hasGlyphForCodePoint(code)) {
      fallbackFont ??= fontkitOf(d, fallback);
      if (fallbackFont.hasGlyphForCodePoint(code)) font = fallback;
    }
    const last = runs[runs.length - 1];
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

/**
 * doc.text with the fallback font where the current one has no glyph: the runs are written as one
 * paragraph (pdfkit's `continued`), and the current font is the same afterwards.
 */
export function writeText(doc: PDFKit.PDFDocument, value: string, x: number | undefined, y: number | undefined, options: PDFKit.Mixins.TextOptions) {
  const runs = fontRuns(doc, value);
  if (runs.length <= 1 && (runs[0]?.font ?? (doc as TDocFonts)._font!.name) === (doc as TDocFonts)._font!.name) {
    doc.text(value, x, y, options);
    return;
  }
  const main = (doc as TDocFonts)._font!.name;
  runs.forEach((run, i) => {
    doc.font(run.font);
    const more = { ...options, continued: i < runs.length - 1 };
    if (i === 0) doc.text(run.text, x, y, more);
    else doc.text(run.text, more);
  });
  doc.font(main);
}
