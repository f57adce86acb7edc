import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inflateSync } from 'node:zlib';
import { PDFParse } from 'pdf-parse';
import sharp from 'sharp';
import { buildAuditFixture } from '../test/fixture.js';
import { normalizeLogo } from './company.js';
import { pdfLabels } from './labels.js';
import { renderAuditPdf } from './render.js';

/**
 * The report's fonts and cover: text in any script is drawn with embedded fonts (not Latin-1
 * Helvetica) and stays extractable; the company's logo sits on the cover, scaled; the finished
 * date is the establishment's day. The PDFs are written to OUT_DIR for a person to look at.
 */
const OUT_DIR = join(tmpdir(), 'audit-report');
mkdirSync(OUT_DIR, { recursive: true });
const UNICODE = 'Ñandú — Œuvre ‘quoted’ € ≥ 5 °C ✓ 中文 ąęł';

async function textOf(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return await parser.getText();
  } finally {
    await parser.destroy();
  }
}

/** Font dictionaries of the PDF: BaseFont names and whether each embeds a font file. */
function fontsOf(pdf: Buffer) {
  const body = pdf.toString('latin1');
  return {
    baseFonts: [...new Set([...body.matchAll(/\/BaseFont \/([A-Z]{6}\+)?([\w-]+)/g)].map((m) => m[2]))],
    embedded: (body.match(/\/FontFile[23]? /g) ?? []).length,
  };
}

/** The streams of the PDF, inflated: what ToUnicode maps and content operators say. */
function inflatedStreams(pdf: Buffer): string[] {
  const out: string[] = [];
  const body = pdf.toString('latin1');
  for (const m of body.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = body.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      /* not deflated (images) */
    }
  }
  return out;
}

/** A small audit whose names and answers carry text of many scripts. */
function unicodeAudit() {
  const { audit } = buildAuditFixture({ questions: 6, sections: 1, incidents: 2, photos: 0 });
  audit.client.name = `Cliente ${UNICODE}`;
  audit.establishment.name = 'Cocina Œ ≥ 中文';
  audit.template.name = `Plantilla ${UNICODE}`;
  audit.sections[0]!.title = `Sección ${UNICODE}`;
  return audit;
}

describe('the report PDF in Unicode', () => {
  it('embeds its fonts and keeps every character extractable, Chinese included', async () => {
    const pdf = await renderAuditPdf(unicodeAudit(), new Map(), pdfLabels('es'), { company: 'Higiene Ñ' });
    writeFileSync(join(OUT_DIR, 'unicode.pdf'), pdf);
    const fonts = fontsOf(pdf);
    expect(fonts.baseFonts).not.toContain('Helvetica');
    expect(fonts.baseFonts).toEqual(expect.arrayContaining(['DejaVuSansCondensed', 'DejaVuSansCondensed-Bold', 'NotoSansHans-Regular']));
    expect(fonts.embedded).toBeGreaterThanOrEqual(3);
    const text = await textOf(pdf);
    const compact = (s: string) => s.replace(/\s+/g, '');
    // pdf.js reads the words back through the embedded fonts' ToUnicode maps.
    expect(compact(text.getPageText(1))).toContain(compact(`Plantilla ${UNICODE}`));
    expect(compact(text.text)).toContain(compact(`Sección ${UNICODE}`));
    // No glyph drawn as .notdef: each code point sits in some font's ToUnicode map (U+4E2D 中, U+2713 ✓, U+20AC €, U+0152 Œ).
    const maps = inflatedStreams(pdf)
      .filter((s) => s.includes('begincmap'))
      .join('\n')
      .toLowerCase();
    for (const code of ['4e2d', '6587', '2713', '20ac', '0152', '2265', '0105', '0142', '2018']) expect(maps).toContain(`<${code}>`);
  });

  it('reads the same with poppler (pdftotext), as a person copying text would', async () => {
    const pdf = await renderAuditPdf(unicodeAudit(), new Map(), pdfLabels('es'));
    const file = join(OUT_DIR, 'unicode-poppler.pdf');
    writeFileSync(file, pdf);
    let out: string;
    try {
      out = execFileSync('pdftotext', ['-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
    } catch (error) {
      // poppler-utils is a Debian package (.ci/run installs it); without it the pdf.js test above still holds.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && !process.env.CI) return;
      throw error;
    }
    expect(out.replace(/\s+/g, ' ')).toContain(`Plantilla ${UNICODE}`);
  });
});

describe("the company's logo on the cover", () => {
  const audit = () => buildAuditFixture({ questions: 4, sections: 1, incidents: 1, photos: 0 }).audit;
  const imagesIn = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype \/Image/g) ?? []).length;
  const logoPng = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 40, alpha: 1 } } })
      .png()
      .toBuffer();

  it('draws a wide logo scaled into its box, keeping its proportions', async () => {
    const logo = await normalizeLogo(await logoPng(1200, 300));
    expect(logo).not.toBeNull();
    expect(await sharp(logo!).metadata()).toMatchObject({ width: 600, height: 150 });
    const pdf = await renderAuditPdf(audit(), new Map(), pdfLabels('es'), { company: 'Higiene Demo S.L.', logo });
    writeFileSync(join(OUT_DIR, 'logo.pdf'), pdf);
    expect(imagesIn(pdf)).toBe(2); // the logo and its transparency mask
    // Drawn at 170 x 42.5 pt (the box is 170 x 64): the content stream scales the image by its fitted size.
    const cover = inflatedStreams(pdf).find((s) => /\/I\d+ Do/.test(s))!;
    expect(cover).toMatch(/170 0 0 -42\.5 [\d.]+ [\d.]+ cm/);
  });

  it('leaves no gap and no image without a logo, and draws the report without one it cannot read', async () => {
    const none = await renderAuditPdf(audit(), new Map(), pdfLabels('es'), { company: 'Higiene Demo S.L.' });
    expect(imagesIn(none)).toBe(0);
    expect(await textOf(none).then((t) => t.getPageText(1))).toContain('HIGIENE DEMO S.L.');
    // Bytes that are no image reach the renderer only if the job's normalising is skipped: still no crash.
    const broken = await renderAuditPdf(audit(), new Map(), pdfLabels('es'), { company: 'X', logo: Buffer.from('not an image at all') });
    expect(broken.subarray(0, 5).toString()).toBe('%PDF-');
    expect(imagesIn(broken)).toBe(0);
  });

  it('refuses a corrupt or enormous logo before rendering (no logo rather than a failed report)', async () => {
    expect(await normalizeLogo(Buffer.from('GIF89a broken'))).toBeNull();
    const png = await logoPng(64, 64);
    expect(await normalizeLogo(png.subarray(0, png.length / 2))).toBeNull(); // truncated
    // 10,000 x 10,000 px declared: above the pixel limit, refused without decoding it.
    const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: '#ffffff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(await normalizeLogo(huge)).toBeNull();
    expect(await normalizeLogo(null)).toBeNull();
  });
});

describe('dates on the report', () => {
  it("shows the finished date as the establishment's day: 00:30 in Madrid on 2 March is 02-03-2026", async () => {
    const a = buildAuditFixture({ questions: 4, sections: 1, incidents: 1, photos: 0 }).audit;
    a.finishedDate = '2026-03-01T23:30:00.000Z';
    const madrid = await textOf(await renderAuditPdf(a, new Map(), pdfLabels('es')));
    expect(madrid.getPageText(1)).toContain('02-03-2026');
    expect(madrid.getPageText(1)).not.toContain('01-03-2026');
    const utc = await textOf(await renderAuditPdf({ ...a, timeZone: 'UTC' }, new Map(), pdfLabels('es')));
    expect(utc.getPageText(1)).toContain('01-03-2026');
  });
});
